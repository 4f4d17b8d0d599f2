// Open redirects (issue 14) in Chromium: every client-side redirect — the 404 page's language strip, the
// first-visit language redirect, the router, the language switcher's links and the static redirect pages —
// is fed the attack URLs and their variants and must never leave 127.0.0.1. The pure half (safePath,
// translatePath, the redirect map's checks) is in test/unit/engine-safe-url.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  actAsReader,
  markWindow,
  READER_UA,
  SITE_DIR,
  startHarness,
  stillSameWindow,
  type Harness,
} from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

/** What follows `/en` (or `/zh`) in the attack URLs. Raw tabs and newlines are dropped by the URL parser itself. */
const TAILS = [
  '//evil.example/some/phish?x=1',
  '/\\evil.example/some/phish',
  '/%2F%2Fevil.example/some/phish',
  '/%5Cevil.example/some/phish',
  '/%5C%5Cevil.example/',
  '/\t/evil.example/',
  '/%09/evil.example/',
  '/%0A/%0D/evil.example/',
  '//%09/evil.example/',
  '///evil.example/',
  '/javascript:alert(1)',
];

/** A context that records every navigation to a host other than the test server (all are aborted anyway). */
async function watchedContext(
  options: Parameters<Harness['context']>[1] = {},
): Promise<{ ctx: BrowserContext; foreign: string[] }> {
  const ctx = await h.context(1280, { userAgent: READER_UA, ...options });
  await actAsReader(ctx);
  const foreign: string[] = [];
  const local = new URL(h.server.url).host;
  ctx.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && url.host !== local) foreign.push(request.url());
  });
  return { ctx, foreign };
}

/** Opens a path and lets any redirect happen; returns the URL the page ends on. */
async function land(page: Page, pathname: string): Promise<URL> {
  await page.goto(h.server.url + pathname, { waitUntil: 'load' });
  await page.waitForTimeout(150);
  await page.waitForLoadState('load');
  return new URL(page.url());
}

describe('the 404 page drops /en without leaving the site', () => {
  test('the attack URL of the issue, and each variant', async () => {
    const { ctx, foreign } = await watchedContext({ locale: 'en-US' });
    const page = await ctx.newPage();
    for (const tail of TAILS) {
      const url = await land(page, `/en${tail}`);
      assert.equal(url.origin, new URL(h.server.url).origin, `/en${JSON.stringify(tail)} → ${url.href}`);
      assert.doesNotMatch(url.pathname, /^\/\/|^\/en\//, `/en${JSON.stringify(tail)} → ${url.href}`);
    }
    assert.deepEqual(foreign, []);
  });

  test('an ordinary /en URL still goes to its page, keeping query and hash', async () => {
    const page = await (await watchedContext()).ctx.newPage();
    const url = await land(page, '/en/guide/start/?x=1#intro');
    assert.equal(url.pathname + url.search + url.hash, '/guide/start/?x=1#intro');
  });
});

describe('the first-visit language redirect stays on the site', () => {
  test('a server that serves a page for /zh//evil.example/… (decoding or merging slashes) gets no open redirect', async () => {
    const zhPage = fs.readFileSync(path.join(SITE_DIR, 'zh/guide/start/index.html'), 'utf8');
    for (const tail of TAILS) {
      // An English reader: the Chinese page sends a first visit to the English one.
      const { ctx, foreign } = await watchedContext({ locale: 'en-GB' });
      await ctx.route(
        (url) =>
          url.pathname.startsWith('/zh/') &&
          url.pathname !== '/zh/guide/start/' &&
          !url.pathname.startsWith('/zh/assets'),
        (route) => route.fulfill({ status: 200, contentType: 'text/html', body: zhPage }),
      );
      const url = await land(await ctx.newPage(), `/zh${tail}`);
      assert.equal(url.origin, new URL(h.server.url).origin, `/zh${JSON.stringify(tail)} → ${url.href}`);
      assert.doesNotMatch(url.pathname, /^\/\//, `/zh${JSON.stringify(tail)} → ${url.href}`);
      assert.deepEqual(foreign, [], `/zh${JSON.stringify(tail)}`);
    }
  });
});

describe('the router', () => {
  test('a page fetch answered from another origin becomes a full load of the link, not a history entry there', async () => {
    const { ctx } = await watchedContext();
    // Another origin (another port) that allows the fetch (CORS) and answers with a page the router could swap in
    // (same layout, same assets). A real server: Playwright does not intercept the request a redirect leads to.
    const lookalike = fs.readFileSync(path.join(SITE_DIR, 'config/test/testTimeout.html'), 'utf8');
    const phish = http.createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end(lookalike),
    );
    await new Promise<void>((resolve) => phish.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(phish.address() as AddressInfo).port}`;
    after(() => phish.close());
    await ctx.route(
      (url) => url.pathname === '/config/test/testTimeout',
      (route) =>
        route.request().resourceType() === 'fetch'
          ? route.fulfill({ status: 302, headers: { location: `${other}/phish` } })
          : route.fallback(),
    );
    const page = await ctx.newPage();
    await page.goto(`${h.server.url}/config/test/retry`);
    await markWindow(page);
    await page.locator('.pager.next').click();
    await page.waitForURL(/\/config\/test\/testTimeout$/);
    await page.waitForLoadState('load');
    assert.equal(new URL(page.url()).origin, new URL(h.server.url).origin);
    assert.equal(await stillSameWindow(page), false, 'the browser loaded the page itself');
    assert.equal(await page.title(), 'testTimeout - Rstest');
  });
});

describe('the language switcher keeps the query, never a way off the site', () => {
  test('links stay paths of this site whatever the query and the hash', async () => {
    const page = await (await watchedContext()).ctx.newPage();
    await page.goto(`${h.server.url}/guide/start/?next=//evil.example#//evil.example`);
    await page.waitForLoadState('load');
    const hrefs = await page
      .locator('a[data-lang-switch]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.deepEqual(hrefs, ['/guide/start/?next=//evil.example', '/zh/guide/start/?next=//evil.example']);
  });
});

describe('the static redirect pages (content/redirects.json)', () => {
  test('query and hash are kept, and cannot make them leave the site', async () => {
    const map = JSON.parse(fs.readFileSync(path.join(SITE_DIR, '../content/redirects.json'), 'utf8')) as Record<
      string,
      string
    >;
    const [from, to] = Object.entries(map).find(([key]) => !key.startsWith('$'))!;
    const { ctx, foreign } = await watchedContext();
    const page = await ctx.newPage();
    for (const tail of [
      '?x=//evil.example',
      '#//evil.example',
      '?%2F%2Fevil.example#\\evil.example',
      '?\t//evil.example',
    ]) {
      await page.goto(`${h.server.url}${from}${tail}`);
      await page.waitForURL((url) => url.pathname === to);
      assert.equal(new URL(page.url()).origin, new URL(h.server.url).origin, `${from}${tail}`);
    }
    assert.deepEqual(foreign, []);
  });
});
