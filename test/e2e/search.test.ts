// Search on the built site: Ctrl+K → "retry" → Enter lands on the retry page; a Chinese query on /zh/ finds
// its page; a failed index fetch says search is unavailable (never "no results"), offers a retry and logs the
// message; the button does not move when it
// upgrades; the index files are what the site data names; the modal passes axe; the embed script works.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { SearchRecord } from '../../common/search/record.ts';
import { newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built site; DOCS_SITE_DIR points elsewhere (a private build while others rebuild _site). */
const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
const FAILED = 'Failed to fetch search index, please reload the page and try again';

let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

async function open(pathname: string, options: BrowserContextOptions = {}): Promise<Page> {
  const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  await page.goto(server.url + pathname);
  return page;
}

/** Reaches for the search button (the site loads <doc-search> on intent) and waits for it to upgrade. */
async function upgraded(page: Page): Promise<void> {
  await page.locator('doc-search').dispatchEvent('pointerover');
  await page.waitForSelector('doc-search[data-upgraded]', { state: 'attached' });
}
const options = (page: Page) => page.locator('doc-search [role="option"]');

/**
 * Waits until the results answer the whole query: on a busy machine the keys of `type()` can arrive more than
 * the debounce apart, so an answer to a prefix may show first. Times out (fails) if the final answer differs.
 * `expected`: the first result's href, or a pattern it matches.
 */
async function firstResultHref(page: Page, expected: string | RegExp): Promise<string | null> {
  const pattern = typeof expected === 'string' ? undefined : expected.source;
  await page
    .waitForFunction(
      ({ href, pattern }) => {
        const first =
          document.querySelector('doc-search')?.shadowRoot?.querySelector('[role="option"]')?.getAttribute('href') ??
          '';
        return pattern === undefined ? first === href : new RegExp(pattern).test(first);
      },
      { href: expected, pattern },
      {
        timeout: 5000,
      },
    )
    .catch(() => {});
  return options(page).first().getAttribute('href');
}

async function searchFor(page: Page, query: string): Promise<void> {
  await upgraded(page);
  await page.keyboard.press('Control+K');
  await page.locator('doc-search input').waitFor();
  await page.keyboard.type(query);
}

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
  browser = await useChromium();
  server = await startStaticServer(SITE_DIR);
});

after(async () => {
  for (const ctx of contexts) await ctx.close().catch(() => {});
  if (browser) await releaseChromium();
  await server?.close();
  assert.deepEqual(pageErrors, [], 'no script errors');
});

describe('search on the built site', () => {
  test('Ctrl+K, "retry", Enter: lands on /config/test/retry with the modal closed', async () => {
    const page = await open('/guide/start/');
    await searchFor(page, 'retry');
    await options(page).first().waitFor();
    assert.equal(await firstResultHref(page, '/config/test/retry'), '/config/test/retry');
    assert.equal(await options(page).count(), 7);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/config\/test\/retry$/);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.startsWith('retry'));
    assert.equal(await page.locator('doc-search dialog').evaluate((d) => (d as HTMLDialogElement).open), false);
  });

  test('Ctrl+K pressed before the widget has loaded opens search once it loads', async () => {
    const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
    contexts.push(ctx);
    // No idle moment ever comes: only the shortcut itself can load <doc-search>.
    await ctx.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/`);
    assert.equal(await page.evaluate(() => customElements.get('doc-search') === undefined), true);
    await page.keyboard.press('Control+K');
    await page.locator('doc-search dialog[open] input').waitFor();
    await page.keyboard.type('retry');
    await options(page).first().waitFor();
    assert.equal(await firstResultHref(page, '/config/test/retry'), '/config/test/retry');
  });

  test('a click on the search button before the widget has loaded opens search once it loads', async () => {
    const page = await open('/guide/start/');
    assert.equal(await page.evaluate(() => customElements.get('doc-search') === undefined), true);
    // The fallback links to a web search in a new tab: the click opens the modal instead.
    await page.locator('doc-search a.search-button').dispatchEvent('click');
    await page.locator('doc-search dialog[open] input').waitFor();
    assert.equal(page.context().pages().length, 1);
  });

  test('once the page is idle, search’s modules and its language’s index entry are fetched, none run; what Ctrl+K loads was among them', async () => {
    for (const [route, lang] of [
      ['/guide/start/', 'en'],
      ['/zh/guide/start/', 'zh'],
    ] as const) {
      const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
      contexts.push(ctx);
      const page = await ctx.newPage();
      const fetched: string[] = [];
      page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(server.url + route);
      const entry = await page.evaluate(
        (lang) =>
          (JSON.parse(document.documentElement.dataset.site ?? '{}') as { searchIndex: Record<string, string> })
            .searchIndex[lang],
        lang,
      );
      const listed = (await (await fetch(`${server.url}/assets/search-modules.json`)).json()) as string[];
      assert.ok(listed.some((file) => /^element-/.test(file)) && listed.length > 1, listed.join(', '));
      const wanted = [entry, ...listed.map((file) => `/assets/${file}`)];
      await page.waitForFunction((wanted) => {
        const done = new Set(performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
        return wanted.every((url) => done.has(url));
      }, wanted);
      assert.equal(await page.evaluate(() => customElements.get('doc-search')), undefined, 'fetched, not run');
      assert.ok(!fetched.some((f) => /\/c\d+\.json$|\/p\d+\.json$/.test(f)), 'no chunk or page before a query');
      // This context fetches again what a plain browser would take from its cache: every script the key loads was listed.
      const atLoad = new Set(fetched);
      const afterKey: string[] = [];
      page.on('request', (request) => afterKey.push(new URL(request.url()).pathname));
      await page.keyboard.press('Control+K');
      await page.locator('doc-search dialog[open] input').waitFor();
      const scripts = afterKey.filter((f) => f.endsWith('.js') && !atLoad.has(f));
      assert.deepEqual(scripts, [], 'scripts Ctrl+K loaded that the page had not prefetched');
    }
  });

  test('on a connection that saves data, nothing of search is fetched when the page is idle', async () => {
    const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
    contexts.push(ctx);
    await ctx.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const page = await ctx.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/guide/start/`);
    // Idle callbacks run in the order asked: one asked after the load event runs after the page's own.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    const search = fetched.filter((f) => f.includes('/static/search/') || f.endsWith('/search-modules.json'));
    assert.deepEqual(search, []);
    // Search still works: its files come when the reader reaches for it.
    await searchFor(page, 'retry');
    assert.equal(await firstResultHref(page, '/config/test/retry'), '/config/test/retry');
  });

  test('a blog post is found by its title', async () => {
    const page = await open('/guide/start/');
    await searchFor(page, 'Announcing Rstest 0.11');
    await options(page).first().waitFor();
    assert.equal(await firstResultHref(page, '/blog/announcing-0-11'), '/blog/announcing-0-11');
  });

  test('on /zh/ a Chinese query finds its page', async () => {
    const page = await open('/zh/');
    // 推进 (advance) + 模拟定时器: the API page, not the scoped-cleanup guide's section titled 模拟定时器 (the glossary's term for fake timers).
    await searchFor(page, '推进模拟定时器');
    const first = options(page).first();
    await first.waitFor();
    assert.match((await first.getAttribute('href')) ?? '', /^\/zh\/api\/rstest\/fakeTimers(#|$)/);
    assert.match((await first.locator('mark').first().textContent()) ?? '', /模拟定时器/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('重试');
    // 重试 (retry) also names Browser Mode's retrying assertions: the option page is among the first results.
    const retry = page.locator('doc-search [role="option"][href^="/zh/config/test/retry"]');
    await retry.waitFor();
    assert.ok(
      (await options(page).evaluateAll((els) =>
        els.findIndex((el) => el.getAttribute('href')?.startsWith('/zh/config/test/retry')),
      )) < 3,
    );
    await retry.click();
    await page.waitForURL(/\/zh\/config\/test\/retry/);
  });

  test('a first search fetches the index a query at a time: the entry, the query’s chunks, the hits’ pages, never the records', async () => {
    for (const [route, query, first] of [
      ['/guide/start/', 'retry', '/config/test/retry'],
      ['/zh/guide/start/', '重试', '/zh/config/test/retry'],
    ] as const) {
      const page = await open(route);
      const fetched: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/static/search')) fetched.push(pathname);
      });
      await searchFor(page, query);
      // The page is among the answer's hits (the answer to the whole query: on a busy machine a prefix may answer first).
      await page.locator(`doc-search [role="option"][href="${first}"]`).waitFor();
      const names = fetched.map((f) => path.posix.basename(f));
      assert.ok(names.includes('index.json'), `the entry: ${names.join(', ')}`);
      assert.ok(
        names.some((f) => /^c\d+\.json$/.test(f)),
        `a chunk: ${names.join(', ')}`,
      );
      assert.ok(
        names.some((f) => /^p\d+\.json$/.test(f)),
        `the hits' pages: ${names.join(', ')}`,
      );
      assert.ok(!fetched.some((f) => /\/static\/search_index\./.test(f)), `not the records: ${names.join(', ')}`);
      // A small part of the index, even typed at once on loopback (where each prefix typed gets its hits too).
      const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(SITE_DIR, file))).length;
      const folder = path.posix.dirname(fetched.find((f) => f.endsWith('/index.json'))!);
      const whole = fs.readdirSync(path.join(SITE_DIR, folder)).reduce((sum, f) => sum + gzip(`${folder}/${f}`), 0);
      const got = fetched.reduce((sum, file) => sum + gzip(file), 0);
      assert.ok(got <= whole / 10, `${got} bytes gzip of the index's ${whole}`);
    }
  });

  test('a failed index fetch says search is unavailable, logs the message, and Retry recovers', async () => {
    const ctxErrors: string[] = [];
    const page = await open('/guide/start/');
    page.on('console', (m) => m.type() === 'error' && ctxErrors.push(m.text()));
    await page.route(/\/static\/search[_/]/, (route) => route.abort());
    await searchFor(page, 'retry');
    await page.locator('doc-search .search-unavailable').waitFor();
    assert.equal(await options(page).count(), 0);
    assert.equal(await page.locator('doc-search .search-empty-hint').count(), 0, 'never "No results"');
    assert.ok(
      ctxErrors.some((e) => e.includes(FAILED)),
      ctxErrors.join('\n'),
    );
    // A key typed on a busy machine may still have its search (150 ms debounce) to come, which would ask again
    // by itself: let those fail too before the index comes back, so that it is the Retry button that recovers.
    await page.waitForTimeout(400);
    await page.locator('doc-search [data-engine="failed"]').waitFor({ state: 'attached' });
    await page.unroute(/\/static\/search[_/]/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await firstResultHref(page, '/config/test/retry');
  });

  test('the search button keeps its size when it upgrades (no layout shift)', async () => {
    const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
    contexts.push(ctx);
    // The fallback's box as first painted (styled: a frame waits for the stylesheet), before any script could
    // upgrade it (the site's script starts after that frame).
    await ctx.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        requestAnimationFrame(() => {
          (window as unknown as { fallbackBox: DOMRect }).fallbackBox = document
            .querySelector('doc-search')!
            .getBoundingClientRect();
        }),
      ),
    );
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/`);
    await upgraded(page);
    const [before, now] = await page.evaluate(() => [
      (window as unknown as { fallbackBox: DOMRect }).fallbackBox.toJSON() as DOMRect,
      document.querySelector('doc-search')!.getBoundingClientRect().toJSON() as DOMRect,
    ]);
    for (const side of ['width', 'height'] as const)
      assert.ok(Math.abs(before[side] - now[side]) <= 0.5, `${side}: ${before[side]} → ${now[side]}`);
  });

  test('the site data names the index of each language; its records file beside it holds that language’s pages, without the home page', async () => {
    const page = await open('/guide/start/');
    const urls = await page.evaluate(
      () =>
        (JSON.parse(document.documentElement.dataset.site ?? '{}') as { searchIndex: Record<string, string> })
          .searchIndex,
    );
    assert.deepEqual(Object.keys(urls).sort(), ['en', 'zh']);
    for (const [lang, url] of Object.entries(urls)) {
      const hash = new RegExp(`^/static/search/${lang}\\.([0-9a-f]+)/index\\.json$`).exec(url)?.[1];
      assert.ok(hash, url);
      const entry = (await (await fetch(server.url + url)).json()) as { lang: string; documentCount: number };
      const records = (await (
        await fetch(`${server.url}/static/search_index.${lang}.${hash}.json`)
      ).json()) as SearchRecord[];
      assert.ok(records.length > 50, `${records.length} records`);
      assert.equal(entry.documentCount, records.length, 'the index holds every record');
      assert.equal(entry.lang, lang);
      assert.ok(records.every((r) => r.lang === lang && r.title && r.content && Array.isArray(r.toc)));
      assert.ok(!records.some((r) => r.routePath === (lang === 'en' ? '/' : '/zh/')), 'no home page');
    }
  });

  test('the open modal has no axe violations; Esc closes it and gives focus back', async () => {
    const page = await open('/guide/start/');
    await searchFor(page, 'mock');
    await options(page).first().waitFor();
    // Evaluated, not a <script>: the page's Content-Security-Policy refuses inline scripts.
    await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      const result = await axe.run({ include: [['doc-search']] }, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    assert.deepEqual(violations, []);
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('doc-search dialog').evaluate((d) => (d as HTMLDialogElement).open), false);
    const focused = await page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a?.className;
    });
    assert.notEqual(focused, 'search-field', 'focus left the modal');
  });

  test('on a phone the modal fills the screen and Cancel closes it', async () => {
    const page = await open('/guide/start/', { viewport: { width: 375, height: 740 } });
    await upgraded(page);
    await page.locator('doc-search button.search-button').click();
    const cancel = page.locator('doc-search .search-cancel');
    await cancel.waitFor({ state: 'visible' });
    const size = await page.locator('doc-search dialog').evaluate((d) => [d.clientWidth, d.clientHeight]);
    assert.deepEqual(size, [375, 740]);
    await cancel.click();
    assert.equal(await page.locator('doc-search dialog').evaluate((d) => (d as HTMLDialogElement).open), false);
  });
});

describe('the embed script', () => {
  test('<doc-search index-url> searches a page that is not part of the site', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-search-embed-'));
    try {
      // The index's folder, copied under another name: the widget reads it wherever `index-url` says.
      const folder = fs.readdirSync(path.join(SITE_DIR, 'static', 'search')).find((f) => f.startsWith('en.'))!;
      fs.cpSync(path.join(SITE_DIR, 'static', 'search', folder), path.join(dir, 'index'), { recursive: true });
      // The script and its on-demand search part, side by side as the build writes them.
      for (const file of ['embed.js', 'embed-search.js'])
        fs.copyFileSync(path.join(SITE_DIR, 'assets', file), path.join(dir, file));
      fs.writeFileSync(path.join(dir, '404.html'), 'not found');
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed</title><link rel="icon" href="data:,"></head>` +
          `<body><doc-search index-url="/index/index.json"><a href="https://example.com">Search</a></doc-search>` +
          `<script src="/embed.js"></script></body></html>`,
      );
      const embedServer = await startStaticServer(dir);
      try {
        const ctx = await browser.newContext();
        contexts.push(ctx);
        const page = await ctx.newPage();
        await page.goto(`${embedServer.url}/`);
        if (!(await page.evaluate(() => !!customElements.get('doc-search')))) {
          t.skip('widgets/embed.ts does not register <doc-search> yet');
          return;
        }
        await searchFor(page, 'toMatchSnapshot');
        await options(page).first().waitFor();
        // Embedded, results link to the docs site: here the folder the script came from. The matcher's reference or
        // the snapshot guide's section on it, on the script's origin.
        const expected = new RegExp(`^${embedServer.url}/(api/test-api/expect|guide/basic/snapshot)#tomatchsnapshot$`);
        assert.match((await firstResultHref(page, expected)) ?? '', expected);
      } finally {
        await embedServer.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
