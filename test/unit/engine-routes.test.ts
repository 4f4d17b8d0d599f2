// Routes: source file → route → output file and href (base path, clean URLs), language/version switching
// links, route parsing with versions, and where each page's Markdown copy is published.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  hrefOfRoute,
  localizeRoute,
  markdownPathOfRoute,
  normalizeRoute,
  outputFileOfRoute,
  parseRoute,
  routeOfFile,
  stripBase,
  translatePath,
  withBase,
  type RouteContext,
} from '../../common/routes.ts';

const locales = [
  { lang: 'en', prefix: '' },
  { lang: 'zh', prefix: '/zh' },
];
const plain: RouteContext = { base: '/', locales, versions: [''], defaultVersion: '', cleanUrls: true };
const docs: RouteContext = { ...plain, base: '/docs/' };
const versioned: RouteContext = { ...plain, versions: ['v1', 'v2'], defaultVersion: 'v2' };
const versionedDocs: RouteContext = { ...versioned, base: '/docs/' };

describe('file → route', () => {
  test('index files become folder routes, other files drop .md', () => {
    assert.equal(routeOfFile('index.md'), '/');
    assert.equal(routeOfFile('guide/start/index.md'), '/guide/start/');
    assert.equal(routeOfFile('guide/start/quick-start.md'), '/guide/start/quick-start');
    assert.equal(routeOfFile('config/test/retry.md'), '/config/test/retry');
    assert.equal(routeOfFile('guide\\basic\\cli.md'), '/guide/basic/cli', 'Windows separators');
  });

  test('a zh page gets the /zh prefix, an en page none', () => {
    assert.equal(
      localizeRoute(plain, routeOfFile('guide/start/quick-start.md'), 'zh', ''),
      '/zh/guide/start/quick-start',
    );
    assert.equal(localizeRoute(plain, routeOfFile('guide/start/quick-start.md'), 'en', ''), '/guide/start/quick-start');
    assert.equal(localizeRoute(plain, routeOfFile('index.md'), 'zh', ''), '/zh/');
  });

  test('a non-default version gets its segment before the language', () => {
    assert.equal(localizeRoute(versioned, '/guide/', 'zh', 'v1'), '/v1/zh/guide/');
    assert.equal(localizeRoute(versioned, '/guide/', 'en', 'v1'), '/v1/guide/');
    assert.equal(localizeRoute(versioned, '/guide/', 'zh', 'v2'), '/zh/guide/', 'the default version has no segment');
  });
});

describe('output files', () => {
  test('folder routes write index.html, page routes a .html file (served at the clean URL)', () => {
    assert.equal(outputFileOfRoute('/'), 'index.html');
    assert.equal(outputFileOfRoute('/zh/'), 'zh/index.html');
    assert.equal(outputFileOfRoute('/guide/start/'), 'guide/start/index.html');
    assert.equal(outputFileOfRoute('/guide/start/quick-start'), 'guide/start/quick-start.html');
    assert.equal(outputFileOfRoute('/zh/404'), 'zh/404.html');
  });
});

describe('hrefs: base path and clean URLs', () => {
  test('base /docs/ is prefixed to every route', () => {
    assert.equal(hrefOfRoute(docs, '/'), '/docs/');
    assert.equal(hrefOfRoute(docs, '/guide/start/'), '/docs/guide/start/');
    assert.equal(hrefOfRoute(docs, '/zh/guide/start/quick-start'), '/docs/zh/guide/start/quick-start');
    assert.equal(hrefOfRoute(plain, '/zh/guide/start/quick-start'), '/zh/guide/start/quick-start');
  });

  test('clean URLs off: page routes end in .html, folder routes keep their slash', () => {
    const off = { base: '/docs/', cleanUrls: false };
    assert.equal(hrefOfRoute(off, '/guide/start/quick-start'), '/docs/guide/start/quick-start.html');
    assert.equal(hrefOfRoute(off, '/guide/start/'), '/docs/guide/start/');
    assert.equal(hrefOfRoute({ base: '/', cleanUrls: false }, '/zh/guide/cli'), '/zh/guide/cli.html');
  });

  test('withBase and stripBase undo each other; paths outside the base are not ours', () => {
    assert.equal(withBase('/docs/', '/zh/guide/'), '/docs/zh/guide/');
    assert.equal(stripBase('/docs/', '/docs/zh/guide/'), '/zh/guide/');
    assert.equal(stripBase('/docs/', '/docs'), '/');
    assert.equal(stripBase('/docs/', '/other/page'), null);
    assert.equal(stripBase('/', '/zh/'), '/zh/');
  });
});

describe('translatePath (language and version switchers)', () => {
  test('switches language, keeping the query and the hash', () => {
    assert.equal(
      translatePath(plain, '/guide/start/quick-start?tab=pnpm#install', { lang: 'zh' }),
      '/zh/guide/start/quick-start?tab=pnpm#install',
    );
    assert.equal(
      translatePath(plain, '/zh/guide/start/quick-start?x=1#a', { lang: 'en' }),
      '/guide/start/quick-start?x=1#a',
    );
    assert.equal(translatePath(plain, '/zh/', { lang: 'en' }), '/');
    assert.equal(translatePath(plain, '/', { lang: 'zh' }), '/zh/');
  });

  test('works under a base path', () => {
    assert.equal(translatePath(docs, '/docs/guide/cli?a=b', { lang: 'zh' }), '/docs/zh/guide/cli?a=b');
    assert.equal(translatePath(docs, '/docs/zh/guide/cli#opts', { lang: 'en' }), '/docs/guide/cli#opts');
  });

  test('switches version, keeping language, query and hash', () => {
    assert.equal(translatePath(versioned, '/zh/guide/start?q=1#top', { version: 'v1' }), '/v1/zh/guide/start?q=1#top');
    assert.equal(translatePath(versioned, '/v1/zh/guide/start', { version: 'v2' }), '/zh/guide/start');
    assert.equal(translatePath(versioned, '/v1/guide/start', { lang: 'zh' }), '/v1/zh/guide/start');
    assert.equal(translatePath(versionedDocs, '/docs/v1/guide/', { version: 'v2', lang: 'zh' }), '/docs/zh/guide/');
  });

  test('a page segment that merely starts like a language is not one', () => {
    assert.equal(translatePath(plain, '/zhuyin/page', { lang: 'zh' }), '/zh/zhuyin/page');
  });
});

describe('parseRoute', () => {
  test('splits version, language and the language-neutral rest', () => {
    assert.deepEqual(parseRoute(versioned, '/v1/zh/guide/start'), { version: 'v1', lang: 'zh', rest: '/guide/start' });
    assert.deepEqual(parseRoute(versioned, '/v1/guide/'), { version: 'v1', lang: 'en', rest: '/guide/' });
    assert.deepEqual(parseRoute(versioned, '/zh/guide/'), { version: 'v2', lang: 'zh', rest: '/guide/' });
    assert.deepEqual(parseRoute(versioned, '/v1'), { version: 'v1', lang: 'en', rest: '/' });
    assert.deepEqual(parseRoute(versioned, '/v1/zh'), { version: 'v1', lang: 'zh', rest: '/' });
    assert.deepEqual(parseRoute(plain, '/guide/v1/page'), { version: '', lang: 'en', rest: '/guide/v1/page' });
  });

  test('the default version has no segment of its own', () => {
    assert.deepEqual(parseRoute(versioned, '/v2/guide/'), { version: 'v2', lang: 'en', rest: '/v2/guide/' });
  });
});

describe('markdownPathOfRoute and normalizeRoute', () => {
  test('a page publishes its Markdown at route + .md, a folder index at index.md', () => {
    assert.equal(markdownPathOfRoute('/guide/start/quick-start'), '/guide/start/quick-start.md');
    assert.equal(markdownPathOfRoute('/guide/start/'), '/guide/start/index.md');
    assert.equal(markdownPathOfRoute('/'), '/index.md');
    assert.equal(markdownPathOfRoute('/docs/zh/guide/cli.html'), '/docs/zh/guide/cli.md');
  });

  test('link targets written with .md, .html or index resolve to the route', () => {
    assert.equal(normalizeRoute('/guide/cli.md'), '/guide/cli');
    assert.equal(normalizeRoute('/guide/cli.html'), '/guide/cli');
    assert.equal(normalizeRoute('/guide/start/index'), '/guide/start/');
    assert.equal(normalizeRoute('/guide/start/index.md'), '/guide/start/');
    assert.equal(normalizeRoute('/index'), '/');
  });
});
