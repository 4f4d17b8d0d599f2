// The first-visit locale redirect in Chromium, at 1280 px and 375 px: every case of spec §2.8 — another
// supported browser language redirects once (path, query and hash kept), then never again; same, unsupported
// languages, bots and auditors (by user agent, and any automated browser: navigator.webdriver), `localeRedirect:
// 'never'` and the 404 page stay. It runs from the widget module.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { scriptRefused, siteScriptRan } from '../support/browser.ts';
import { actAsReader, READER_UA, startHarness, WIDTHS, type Harness } from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

const BOTS = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  Bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  Lighthouse:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'headless Chrome':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
};

/** Opens `pathname` as a first-time visitor and returns where the browser ends up (path, query, hash). */
async function visit(page: Page, pathname: string): Promise<string> {
  let refused = false;
  const scriptGone = scriptRefused(page, 0).then((gone) => {
    refused = gone;
  });
  await page.goto(h.server.url + pathname, { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  // The redirect is the site script's, which starts once the page has painted: wait until the page where the
  // visit ends has run it (a redirect destroys the first page's context on the way).
  // A refused script (the test's own doing) has nothing to wait for.
  for (let tries = 0; tries < 5 && !refused; tries++) {
    const ran = await Promise.race([
      page.waitForFunction(siteScriptRan, undefined, { timeout: 10_000 }).then(
        () => true,
        () => false,
      ),
      scriptGone.then(() => false),
    ]);
    await page.waitForLoadState('load');
    if (ran && (await page.evaluate(siteScriptRan).catch(() => false))) break;
  }
  await page.waitForLoadState('networkidle');
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
}

/**
 * A first-time visitor's browser. A browser under automation sets navigator.webdriver, which the redirect
 * respects; a reader's does not, so this one says false unless `automated`.
 */
async function visitor(
  width: number,
  locale: string,
  options: BrowserContextOptions = {},
  automated = false,
): Promise<Page> {
  const ctx = await h.context(width, { locale, userAgent: READER_UA, ...options });
  if (!automated) await actAsReader(ctx);
  return ctx.newPage();
}

for (const width of WIDTHS) {
  describe(`locale redirect at ${width} px`, () => {
    test('a Chinese browser on an English page goes to the Chinese page, keeping the query and hash', async () => {
      const page = await visitor(width, 'zh-CN');
      assert.equal(await visit(page, '/config/test/retry?ref=docs#notes'), '/zh/config/test/retry?ref=docs#notes');
      assert.equal(await page.getAttribute('html', 'lang'), 'zh');
    });

    test('only the first visit redirects: afterwards the reader may stay on English pages', async () => {
      const page = await visitor(width, 'zh-CN');
      assert.equal(await visit(page, '/'), '/zh/');
      assert.equal(await visit(page, '/guide/start/'), '/guide/start/');
    });

    test('a first visit that needs no redirect still counts as the first visit', async () => {
      const page = await visitor(width, 'zh-CN');
      assert.equal(await visit(page, '/zh/guide/start/'), '/zh/guide/start/');
      assert.equal(await visit(page, '/guide/start/'), '/guide/start/');
    });

    test('an English browser on a Chinese page goes to the English page', async () => {
      const page = await visitor(width, 'en-GB');
      assert.equal(await visit(page, '/zh/api/test-api/expect'), '/api/test-api/expect');
    });

    test('the same language or an unsupported one stays', async () => {
      assert.equal(await visit(await visitor(width, 'en-US'), '/guide/start/'), '/guide/start/');
      assert.equal(await visit(await visitor(width, 'zh'), '/zh/'), '/zh/');
      assert.equal(await visit(await visitor(width, 'fr-FR'), '/guide/start/'), '/guide/start/');
      assert.equal(await visit(await visitor(width, 'fr-FR'), '/zh/guide/start/'), '/zh/guide/start/');
    });

    test('bots, crawlers and auditors are never redirected', async () => {
      for (const [name, userAgent] of Object.entries(BOTS)) {
        const page = await visitor(width, 'zh-CN', { userAgent });
        assert.equal(await visit(page, '/guide/start/'), '/guide/start/', name);
      }
    });

    test('an automated browser (navigator.webdriver) is never redirected, whatever its user agent says', async () => {
      const page = await visitor(width, 'en-GB', {}, true);
      assert.equal(await page.evaluate(() => navigator.webdriver), true);
      assert.equal(await visit(page, '/zh/guide/start/'), '/zh/guide/start/');
    });

    test("localeRedirect: 'never' turns it off", async () => {
      const page = await visitor(width, 'zh-CN');
      // The same built page with the site option switched, as a site configured so would serve it.
      await page.context().route(/\/guide\/start\/$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace('"localeRedirect":"auto"', '"localeRedirect":"never"');
        await route.fulfill({
          response,
          body: body.includes('"localeRedirect":"never"') ? body : 'the page no longer carries localeRedirect',
        });
      });
      assert.equal(await visit(page, '/guide/start/'), '/guide/start/');
      assert.equal(
        await page.evaluate(() => JSON.parse(document.documentElement.dataset.site!).localeRedirect),
        'never',
        'the switched page was served',
      );
    });

    test('the 404 page does not redirect', async () => {
      const page = await visitor(width, 'zh-CN');
      assert.equal(await visit(page, '/guide/no-such-page'), '/guide/no-such-page');
    });

    test('it runs from the widget module, not the inline boot script (which holds only what must run before paint)', async () => {
      const page = await visitor(width, 'zh-CN');
      await page.context().route(/\/assets\/.*\.js$/, (route) => route.abort());
      assert.equal(await visit(page, '/guide/start/'), '/guide/start/');
      assert.equal(
        await page.evaluate(() =>
          [...document.scripts].some((s) => !s.src && s.textContent?.includes('docs-locale-visited')),
        ),
        false,
      );
    });
  });
}
