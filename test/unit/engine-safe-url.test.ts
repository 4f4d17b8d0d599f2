// Open redirects (issue 14): the paths every client-side redirect works on come from the address bar. The attack
// URLs and their variants (double slash, backslash, encoded slash or backslash, tabs and newlines, schemes) must
// give a path of this origin, through safePath, translatePath (language and version switch, first-visit
// redirect) and the origin check; the redirect map of the build rejects such paths outright. The browser side
// of each redirect is in test/e2e/redirect-safety.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { translatePath, type RouteContext } from '../../common/routes.ts';
import { safePath, safeRedirectHref, sameOriginHref } from '../../common/safe-url.ts';

const HERE = { href: 'https://rstest.rs/en/x', origin: 'https://rstest.rs' };
const locales = [
  { lang: 'en', prefix: '' },
  { lang: 'zh', prefix: '/zh' },
];
const plain: RouteContext = { base: '/', locales, versions: [''], defaultVersion: '', cleanUrls: true };
const docs: RouteContext = { ...plain, base: '/docs/' };
const versioned: RouteContext = { ...plain, versions: ['v1', 'v2'], defaultVersion: 'v2' };

/** What follows a stripped prefix in the attack URLs: each must stay a path of this site. */
const ATTACK_TAILS = [
  '//evil.example/some/phish',
  '/\\evil.example/some/phish',
  '/%2F%2Fevil.example/some/phish',
  '/%2f/evil.example',
  '/%5Cevil.example/some/phish',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example',
  '/%0A%0D/evil.example',
  '/%2F%09%2Fevil.example',
  '///evil.example',
  '/https://evil.example/',
  '/javascript:alert(1)',
  '/%E0%A4%A/evil',
];

describe('safePath', () => {
  test('keeps ordinary paths as they are', () => {
    for (const p of [
      '/',
      '/guide/start/',
      '/zh/config/test/retry',
      '/docs/guide/cli.html',
      '/guide/%E4%B8%AD%E6%96%87',
    ])
      assert.equal(safePath(p), p);
  });

  test('collapses slashes, reads backslashes as slashes, decodes once and drops control characters', () => {
    assert.equal(safePath('//evil.example/some/phish'), '/evil.example/some/phish');
    assert.equal(safePath('/\\evil.example'), '/evil.example');
    assert.equal(safePath('/%2F%2Fevil.example'), '/evil.example');
    assert.equal(safePath('/%5Cevil.example'), '/evil.example');
    assert.equal(safePath('/\t/evil.example'), '/evil.example');
    assert.equal(safePath('/%09/%0a/evil.example'), '/evil.example');
    // Once: a double-encoded slash stays an escaped character of the path.
    assert.equal(safePath('/%252F%252Fevil.example'), '/%252F%252Fevil.example');
  });

  test('what decoding produced cannot become a query, a hash or a scheme', () => {
    assert.equal(safePath('/a%3Fb%23c'), '/a%3Fb%23c');
    assert.equal(safePath('javascript:alert(1)'), '/javascript:alert(1)');
    assert.equal(safePath('/%E0%A4%A'), '/%25E0%25A4%25A', 'a malformed escape is kept as text');
  });

  test('no attack tail gives a path that leaves the origin', () => {
    for (const tail of ATTACK_TAILS) {
      const p = safePath(tail);
      assert.match(p, /^\/(?![/\\])/, JSON.stringify(tail));
      assert.equal(new URL(p, HERE.href).origin, HERE.origin, JSON.stringify(tail));
    }
  });
});

describe('the origin check', () => {
  test('same origin passes; other hosts, protocol-relative URLs and schemes do not', () => {
    assert.equal(sameOriginHref('/guide/', HERE), 'https://rstest.rs/guide/');
    assert.equal(sameOriginHref('https://rstest.rs/zh/', HERE), 'https://rstest.rs/zh/');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://rstest.rs/',
      '\t//evil.example',
    ]) {
      assert.equal(sameOriginHref(bad, HERE), undefined, bad);
    }
  });

  test('safeRedirectHref keeps the query and the hash, never a tail that is neither', () => {
    assert.equal(
      safeRedirectHref('//evil.example/some/phish', '?x=1#a', HERE),
      'https://rstest.rs/evil.example/some/phish?x=1#a',
    );
    assert.equal(safeRedirectHref('/guide/', '//evil.example', HERE), 'https://rstest.rs/guide/');
    assert.equal(
      safeRedirectHref('/guide/', '?next=//evil.example#//evil', HERE),
      'https://rstest.rs/guide/?next=//evil.example#//evil',
    );
  });
});

describe('translatePath with attack paths (first-visit redirect, language and version switchers)', () => {
  test('/zh//evil.example/… and its variants stay on the site in every direction', () => {
    const cases: [RouteContext, string, { lang?: string; version?: string }][] = [];
    for (const tail of ATTACK_TAILS) {
      cases.push(
        [plain, `/zh${tail}?x=1`, { lang: 'en' }],
        [plain, `/en${tail}`, { lang: 'zh' }],
        [plain, tail, { lang: 'en' }],
      );
      cases.push(
        [docs, `/docs/zh${tail}`, { lang: 'en' }],
        [versioned, `/v1${tail}`, { version: 'v2' }],
        [versioned, `/v1/zh${tail}`, { version: 'v2', lang: 'en' }],
      );
    }
    for (const [ctx, input, target] of cases) {
      const out = translatePath(ctx, input, target);
      assert.match(out, /^\/(?![/\\])/, `${JSON.stringify(input)} → ${JSON.stringify(out)}`);
      assert.equal(
        sameOriginHref(out, HERE)?.startsWith(HERE.origin),
        true,
        `${JSON.stringify(input)} → ${JSON.stringify(out)}`,
      );
    }
  });

  test('the attack URL of the issue lands on a path of this site', () => {
    assert.equal(
      translatePath(plain, '/zh//evil.example/some/phish?x=1', { lang: 'en' }),
      '/evil.example/some/phish?x=1',
    );
    assert.equal(translatePath(plain, '/zh/%2F%2Fevil.example/some/phish', { lang: 'en' }), '/evil.example/some/phish');
    assert.equal(translatePath(versioned, '/v1//evil.example/', { version: 'v2' }), '/evil.example/');
  });
});
