// End-to-end checks of the built site in Chromium: every route, the layouts, the hide-query parameters,
// the 404 page, reading with JavaScript off and keyboard reach of the navbar menus (axe-core: accessibility.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildPages } from '../../eleventy/build.ts';
import { buildOptionsFromEnv } from '../../lib/build-options.ts';
import { newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE = path.join(ROOT, '_site');

// Spec §2.2: the English routes; each also exists under /zh.
const TEST_OPTIONS =
  'root name include exclude setupFiles projects update globals passWithNoTests includeSource testNamePattern retry testTimeout hookTimeout maxConcurrency pool isolate testEnvironment clearMocks resetMocks restoreMocks unstubEnvs unstubGlobals reporters slowTestThreshold printConsoleTrace onConsoleLog disableConsoleIntercept'.split(
    ' ',
  );
const ROUTES = [
  '/',
  '/guide/start/',
  '/guide/start/quick-start',
  '/guide/start/features',
  '/guide/basic/cli',
  '/guide/basic/configure-rstest',
  '/guide/basic/test-filter',
  '/guide/advanced/debugging',
  '/guide/advanced/profiling',
  '/config/',
  ...TEST_OPTIONS.map((o) => `/config/test/${o}`),
  ...'plugins source output resolve tools dev performance'.split(' ').map((o) => `/config/build/${o}`),
  '/api/',
  ...'expect test describe hooks'.split(' ').map((o) => `/api/test-api/${o}`),
  '/api/rstest/',
  ...'mockModules mockFunctions mockInstance fakeTimers utilities'.split(' ').map((o) => `/api/rstest/${o}`),
];

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;

async function open(url: string, ctx: BrowserContext = context): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(url);
  return page;
}

async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return newOfflineContext(browser, { viewport: { width: 1440, height: 900 }, ...options });
}

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, 'index.html')), 'build the site first (npm run build)');
  browser = await useChromium();
  server = await startStaticServer(SITE);
  context = await newContext();
});

after(async () => {
  await context?.close();
  if (browser) await releaseChromium();
  await server?.close();
});

describe('routes', () => {
  test('all 56 routes of the spec answer 200 in English and Chinese', async () => {
    assert.equal(ROUTES.length, 56);
    const failures: string[] = [];
    for (const route of ROUTES.flatMap((r) => [r, `/zh${r}`])) {
      const res = await fetch(server.url + route);
      if (res.status !== 200) failures.push(`${route} → ${res.status}`);
      await res.arrayBuffer();
    }
    assert.deepEqual(failures, []);
  });

  test('an unknown path gets the 404 page with status 404', async () => {
    const res = await fetch(`${server.url}/guide/no-such-page`);
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /PAGE NOT FOUND/);
    assert.match(html, /Take me home/);
  });

  test('each page publishes its Markdown beside it', async () => {
    const leaf = await fetch(`${server.url}/config/test/retry.md`);
    assert.equal(leaf.status, 200);
    assert.match(await leaf.text(), /^# retry/m);
    const index = await fetch(`${server.url}/zh/guide/start/index.md`);
    assert.equal(index.status, 200);
  });
});

describe("redirects from the official site's URLs (content/redirects.json)", () => {
  test('every mapped URL reaches its page in both languages, keeping query and hash', async () => {
    const map = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/redirects.json'), 'utf8')) as Record<
      string,
      string
    >;
    const entries = Object.entries(map).filter(([from]) => !from.startsWith('$'));
    assert.ok(entries.length >= 30, `only ${entries.length} redirects`);
    const page = await context.newPage();
    // Where each redirect lands is known once the browser commits to the page: no need to wait for it to load.
    for (const [from, to] of entries) {
      for (const prefix of ['', '/zh']) {
        await page.goto(`${server.url}${prefix}${from}?from=old#section`, { waitUntil: 'commit' });
        await page.waitForURL((url) => url.pathname !== `${prefix}${from}` || from === to, { waitUntil: 'commit' });
        const url = new URL(page.url());
        assert.equal(url.pathname, `${prefix}${to}`, `${prefix}${from}`);
        assert.equal(url.search + url.hash, '?from=old#section', `${prefix}${from} keeps query and hash`);
      }
    }
    // The last page is still loading: Chromium can leave a close in mid-load unanswered, and Playwright then waits
    // for ever (1 close in about 40 hung on a busy machine; none in 300 once the page had loaded).
    await page.waitForLoadState('load');
    await page.close();
  });
});

describe('doc layout', () => {
  test('navbar, sidebar with the current page, outline, pager, edit link and last-updated line', async () => {
    const page = await open(`${server.url}/config/test/retry`);
    assert.equal(await page.title(), 'retry - Rstest');
    assert.equal(await page.locator('.navbar .nav-items .nav-link.active').innerText(), 'Config');
    const current = page.locator('.sidebar [aria-current="page"]');
    assert.equal(await current.innerText(), 'retry');
    assert.equal(await page.locator('.outline-title').innerText(), 'ON THIS PAGE');
    assert.ok((await page.locator('.outline-list a').count()) > 0);
    assert.match(await page.locator('.pager.prev').innerText(), /Previous Page\s+bail/);
    assert.match(await page.locator('.pager.next').innerText(), /Next Page\s+testTimeout/);
    const edit = page.locator('.edit-link');
    assert.equal(await edit.getAttribute('target'), '_blank');
    assert.match((await edit.getAttribute('href')) ?? '', /\/en\/config\/test\/retry\.md$/);
    assert.match(await page.locator('.last-updated').innerText(), /^Last Updated: /);
    assert.equal(await page.locator('.skip-link').getAttribute('href'), '#main');
    await page.close();
  });

  test('Chinese pages use the Chinese UI texts and link within /zh/', async () => {
    const page = await open(`${server.url}/zh/config/test/retry`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh');
    assert.equal(await page.locator('.outline-title').innerText(), '目录');
    assert.match(await page.locator('.pager.prev').innerText(), /上一页/);
    assert.match(await page.locator('.pager.next').innerText(), /下一页/);
    assert.equal(await page.locator('.navbar .nav-items .nav-link.active').innerText(), '配置');
    const hrefs = await page
      .locator('.sidebar a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(hrefs.length > 30 && hrefs.every((h) => h.startsWith('/zh/')), 'sidebar links stay in Chinese');
    assert.equal(await page.locator('link[hreflang="en"]').getAttribute('href'), 'https://rstest.rs/config/test/retry');
    assert.equal(
      await page.locator('link[hreflang="x-default"]').getAttribute('href'),
      'https://rstest.rs/config/test/retry',
    );
    await page.close();
  });

  test('the language switcher points at the same page in the other language', async () => {
    const page = await open(`${server.url}/guide/basic/cli`);
    assert.equal(await page.locator('[data-lang-switch="zh"]').getAttribute('href'), '/zh/guide/basic/cli');
    await page.close();
  });

  test('collapsible sidebar groups are <details>, open where the current page is', async () => {
    const page = await open(`${server.url}/api/rstest/fakeTimers`);
    const groups = page.locator('.sidebar details');
    assert.ok((await groups.count()) >= 2);
    const openGroup = page.locator('.sidebar details[open]:has([aria-current="page"])');
    assert.equal(await openGroup.count(), 1);
    await page.close();
  });
});

describe('blog', () => {
  test('the navbar has Blog / 博客, active on the posts', async () => {
    const page = await open(`${server.url}/guide/start/`);
    const blog = page.locator('.navbar .nav-items .nav-link', { hasText: 'Blog' });
    assert.equal(await blog.getAttribute('href'), '/blog/');
    await blog.click();
    await page.waitForURL(/\/blog\/$/);
    await page.goto(`${server.url}/zh/blog/announcing-0-11`);
    const active = page.locator('.navbar .nav-items .nav-link.active');
    assert.deepEqual([await active.innerText(), await active.getAttribute('href')], ['博客', '/zh/blog/']);
    await page.close();
  });

  test('the index lists the posts newest first, each with its date and a summary', async () => {
    const page = await open(`${server.url}/blog/`);
    const entries = page.locator('.doc-content h2');
    assert.deepEqual(await entries.evaluateAll((hs) => hs.map((h) => h.querySelector('a')?.getAttribute('href'))), [
      '/blog/announcing-0-12',
      '/blog/announcing-0-11',
      '/blog/announcing-0-10',
    ]);
    assert.match(await page.locator('.doc-content h2 + p').nth(1).innerText(), /^July 6, 2026 · .{20,}/);
    await page.close();
  });

  test('a post: its title, then the date line (a <time datetime>) with the authors, and the outline', async () => {
    for (const [url, date] of [
      ['/blog/announcing-0-11', 'July 6, 2026'],
      ['/zh/blog/announcing-0-11', '2026 年 7 月 6 日'],
    ]) {
      const page = await open(server.url + url);
      const meta = page.locator('.doc-content .post-meta');
      // Right under the title: the H1 (the body's own, in a wrapper of its own) is the element before it.
      const title = await meta.evaluate((el) => {
        const before = el.previousElementSibling;
        return (before?.matches('h1') ? before : before?.querySelector(':scope > h1:only-child'))?.textContent;
      });
      assert.equal(title, url.startsWith('/zh') ? 'Rstest 0.11 发布' : 'Announcing Rstest 0.11');
      assert.equal(await meta.locator('time').getAttribute('datetime'), '2026-07-06');
      assert.equal(await meta.locator('time').innerText(), date);
      assert.match(await meta.innerText(), / · Rstest docs$/);
      assert.ok((await page.locator('.outline-list a').count()) > 3, `${url}: the outline`);
      assert.equal(await page.locator('.sidebar').count(), 0, `${url}: no sidebar`);
      await page.close();
    }
  });

  test('posts are in sitemap.xml and llms.txt', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const llms = await (await fetch(`${server.url}/llms.txt`)).text();
    for (const post of ['announcing-0-10', 'announcing-0-11', 'announcing-0-12']) {
      assert.ok(sitemap.includes(`<loc>https://rstest.rs/blog/${post}</loc>`), `sitemap: ${post}`);
      assert.ok(sitemap.includes(`<loc>https://rstest.rs/zh/blog/${post}</loc>`), `sitemap: zh ${post}`);
      assert.ok(llms.includes(`(https://rstest.rs/blog/${post}.md)`), `llms.txt: ${post}`);
    }
  });
});

describe('home and 404 layouts', () => {
  test('home has the hero with its two actions and the feature cards', async () => {
    const page = await open(`${server.url}/`);
    assert.equal(await page.locator('.hero-name').innerText(), 'Rstest');
    assert.equal(await page.locator('.hero-actions a').count(), 2);
    assert.equal(await page.locator('.hero-actions a').first().getAttribute('href'), '/guide/start/quick-start');
    assert.ok((await page.locator('.feature').count()) >= 3);
    assert.equal(await page.locator('.sidebar').count(), 0);
    await page.close();
  });

  test('404 shows PAGE NOT FOUND and a home link for the language in the URL', async () => {
    const en = await open(`${server.url}/nothing/here`);
    assert.equal(await en.locator('.not-found-code').innerText(), '404');
    assert.equal(await en.locator('.not-found h1').innerText(), 'PAGE NOT FOUND');
    assert.equal(await en.locator('[data-home-link]').getAttribute('href'), '/');
    await en.close();
    // A plain host serves the root 404.html everywhere: the link still leads to the Chinese home.
    const zh = await open(`${server.url}/zh/nothing/here`);
    assert.equal(await zh.locator('[data-home-link]').getAttribute('href'), '/zh/');
    await zh.close();
  });

  test('a URL with the default language segment goes to the path without it', async () => {
    const page = await open(`${server.url}/en/guide/start/?x=1#intro`);
    await page.waitForURL(`${server.url}/guide/start/?x=1#intro`);
    assert.equal(await page.locator('.doc-content h1').first().innerText(), 'Introduction');
    await page.close();
  });
});

describe('query parameters hide parts before first paint', () => {
  const hidden = async (url: string, selector: string) => {
    const page = await open(url);
    const visible = await page.locator(selector).first().isVisible();
    await page.close();
    return !visible;
  };
  test('navbar=0, sidebar=0, outline=0, footer=0, globalUIComponents=0', async () => {
    const base = `${server.url}/config/test/retry`;
    assert.equal(await hidden(base, '.navbar'), false);
    assert.equal(await hidden(`${base}?navbar=0`, '.navbar'), true);
    assert.equal(await hidden(base, '.sidebar'), false);
    assert.equal(await hidden(`${base}?sidebar=0`, '.sidebar'), true);
    assert.equal(await hidden(`${base}?outline=0`, '.outline'), true);
    assert.equal(await hidden(base, '.doc-footer'), false);
    assert.equal(await hidden(`${base}?footer=0`, '.doc-footer'), true);
    assert.equal(await hidden(`${base}?globalUIComponents=0`, 'tools-menu'), true);
  });
});

describe('layouts from front matter (fixture site)', () => {
  let fixtureServer: StaticServer;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-layouts-'));
  before(async () => {
    process.env.DOCS_CONFIG = path.join(ROOT, 'test/fixtures/layouts-site/site.config.ts');
    try {
      await buildPages(buildOptionsFromEnv(), out);
    } finally {
      delete process.env.DOCS_CONFIG;
    }
    fixtureServer = await startStaticServer(out);
  });
  after(async () => {
    await fixtureServer?.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  test('enableContentAnimation: a page change cross-fades the content column (not under reduced motion; off by default)', async () => {
    /** Changes page by a click on `link`; answers whether a view transition ran and which animations it had. */
    const change = async (page: Page, link: string) => {
      await page.evaluate(() => {
        const w = window as unknown as { __vt: string[] | null };
        w.__vt = null;
        document.addEventListener(
          'docs:page-change',
          () => {
            const transition = (document as Document & { activeViewTransition?: ViewTransition | null })
              .activeViewTransition;
            if (!transition) w.__vt = [];
            // Read once its animations have started, however long that takes on a busy machine.
            transition?.ready.then(
              () => {
                w.__vt = [
                  '(transition)',
                  ...document.getAnimations().map((a) => (a.effect as KeyframeEffect).pseudoElement ?? ''),
                ];
              },
              () => {
                w.__vt = ['(transition skipped)'];
              },
            );
          },
          { once: true },
        );
      });
      await page.locator(link).first().click();
      await page.waitForFunction(() => (window as unknown as { __vt: string[] | null }).__vt !== null);
      return page.evaluate(() => (window as unknown as { __vt: string[] }).__vt);
    };
    const animated = await open(`${fixtureServer.url}/no-heading`);
    const pseudo = await change(animated, '#sidebar a[href$="/bare"]');
    assert.ok(
      pseudo.includes('::view-transition-new(docs-content)') && pseudo.includes('::view-transition-old(docs-content)'),
      `content cross-fades: ${pseudo.join(', ')}`,
    );
    await animated.close();
    const ctx = await newContext({ reducedMotion: 'reduce' });
    const still = await open(`${fixtureServer.url}/no-heading`, ctx);
    assert.deepEqual(await change(still, '#sidebar a[href$="/bare"]'), [], 'reduced motion: no transition');
    await ctx.close();
    const site = await open(`${server.url}/config/test/retry`);
    assert.deepEqual(
      await change(site, '.pager.next'),
      [],
      'the Rstest site keeps the default: the page swaps at once',
    );
    await site.close();
  });

  test('a page without a heading gets an H1 from its title', async () => {
    const page = await open(`${fixtureServer.url}/no-heading`);
    assert.equal(await page.locator('.doc-content h1').innerText(), 'Page without heading');
    await page.close();
  });

  test('outline, footer and sidebar switched off by front matter', async () => {
    const page = await open(`${fixtureServer.url}/no-outline`);
    assert.equal(await page.locator('.outline').count(), 0);
    assert.equal(await page.locator('.doc-footer').count(), 0);
    assert.equal(await page.locator('.sidebar').count(), 0);
    assert.equal(await page.locator('.navbar').count(), 1);
    await page.close();
  });

  test('navbar: false removes the navbar', async () => {
    const page = await open(`${fixtureServer.url}/bare`);
    assert.equal(await page.locator('.navbar').count(), 0);
    assert.equal(await page.locator('.sidebar').count(), 1);
    await page.close();
  });

  test('custom pages show the navbar and content only; blank pages content only', async () => {
    const custom = await open(`${fixtureServer.url}/custom`);
    assert.equal(await custom.locator('.custom-marker').innerText(), 'Custom content');
    assert.equal(await custom.locator('.navbar').count(), 1);
    assert.equal(await custom.locator('.sidebar, .outline, .doc-footer').count(), 0);
    await custom.close();
    const blank = await open(`${fixtureServer.url}/blank`);
    assert.equal(await blank.locator('.blank-marker').innerText(), 'Blank content');
    assert.equal(await blank.locator('.navbar, .sidebar, .outline, .doc-footer').count(), 0);
    await blank.close();
  });
});

describe('without JavaScript', () => {
  test('a doc page reads and navigates; tabs and collapsible groups still work', async () => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await open(`${server.url}/config/test/retry`, ctx);
    assert.ok(await page.locator('.doc-content h1').isVisible());
    assert.ok(await page.locator('.sidebar').isVisible());
    // Code-group tabs are radio buttons: clicking the second label shows the second block.
    const group = page.locator('.code-group').first();
    const blocks = group.locator('.blocks > .code-block');
    assert.ok(await blocks.nth(0).isVisible());
    await group.locator('.tabs label').nth(1).click();
    assert.ok(await blocks.nth(1).isVisible());
    assert.equal(await blocks.nth(0).isVisible(), false);
    // A collapsed group opens with a click on its summary.
    const summary = page.locator('.sidebar details:not([open]) > summary').first();
    if (await summary.count()) {
      await summary.click();
      assert.equal(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), true);
    }
    // Links are plain links.
    await page.locator('.pager.next').click();
    await page.waitForURL(/\/config\/test\/testTimeout$/);
    await ctx.close();
  });

  test('package-manager tabs switch without JavaScript', async () => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await open(`${server.url}/guide/start/quick-start`, ctx);
    const tabs = page.locator('pm-tabs').first();
    await tabs.locator('label', { hasText: 'pnpm' }).click();
    assert.match(await tabs.locator('.blocks > .code-block:visible').innerText(), /^pnpm add -D @rstest\/core/);
    await ctx.close();
  });
});

describe('keyboard', () => {
  test('the language menu opens on keyboard focus and its links are reachable with Tab', async () => {
    const page = await open(`${server.url}/guide/start/`);
    const button = page.locator('.lang-switch .nav-dropdown-button');
    await button.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-lang-switch'));
    assert.equal(focused, 'en');
    assert.ok(await page.locator('[data-lang-switch="zh"]').isVisible());
    await page.close();
  });

  test('the skip link is the first stop and moves focus to the content', async () => {
    const page = await open(`${server.url}/guide/start/`);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    await page.close();
  });
});
