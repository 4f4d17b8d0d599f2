// Accessibility in Chromium (issue 14): axe-core (WCAG 2.0/2.1 A and AA, best practices) on a sample of pages
// — one of each layout and of each part that once failed: the sidebar group with its own link, wide tables at
// 375 px, a Chinese page, the 404 page — at 1280 px and 375 px, light and dark: no serious or critical finding.
// Each page as it paints, its widgets as their built UI (a reader who reaches for none); the upgraded widgets with
// their menus open are checked in widgets.test.ts.
// And the landmarks: one navigation landmark per name, named in the page's language. `npm run bench:axe` runs
// the same check on every page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeFindings, isSerious, prepareAxe, SCHEMES, VIEWPORTS } from '../support/axe.ts';
import { newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';
import { SITE_DIR } from './runtime-setup.ts';

const SAMPLE = [
  '/',
  '/zh/',
  '/config/test/retry',
  '/zh/guide/start/quick-start',
  '/api/rstest/utilities',
  '/api/browser-mode/locator',
  '/zh/blog/announcing-0-11',
  '/no-such-page',
];

let browser: Browser;
let server: StaticServer;
before(async () => {
  browser = await useChromium();
  server = await startStaticServer(SITE_DIR);
});
after(async () => {
  if (browser) await releaseChromium();
  await server?.close();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const scheme of SCHEMES) {
    describe(`axe at ${viewport.width} px, ${scheme}`, () => {
      let context: BrowserContext;
      let page: Page;
      before(async () => {
        context = await newOfflineContext(browser, { viewport, colorScheme: scheme });
        await prepareAxe(context);
        page = await context.newPage();
      });
      after(() => context?.close());

      test(`no serious or critical finding on ${SAMPLE.length} pages (${name})`, async () => {
        const found: string[] = [];
        for (const route of SAMPLE) {
          await page.goto(server.url + route);
          for (const f of (await axeFindings(page)).filter(isSerious))
            found.push(`${route}: ${f.impact} ${f.id}: ${f.targets.join(', ')}`);
        }
        assert.deepEqual(found, []);
      });
    });
  }
}

describe('landmarks', () => {
  /** The accessible name of every navigation landmark of the page, in document order. */
  const navigationNames = (page: Page) =>
    page.locator('nav, [role=navigation]').evaluateAll((els) =>
      els.map((el) => {
        const by = el.getAttribute('aria-labelledby');
        return (by ? document.getElementById(by)?.textContent : el.getAttribute('aria-label'))?.trim() ?? '';
      }),
    );

  test('each navigation landmark has a name of its own, in the page language', async () => {
    const context = await newOfflineContext(browser, { viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    for (const [route, expected] of [
      ['/config/test/retry', ['Main', 'Menu', 'Previous Page / Next Page', 'ON THIS PAGE']],
      ['/zh/config/test/retry', ['主导航', '菜单', '上一页 / 下一页', '目录']],
      ['/zh/', ['主导航']],
    ] as const) {
      await page.goto(server.url + route);
      const names = await navigationNames(page);
      assert.deepEqual(names, expected, route);
    }
    await page.goto(`${server.url}/zh/`);
    assert.equal(await page.locator('section.features').getAttribute('aria-label'), '特性');
    await context.close();
  });
});
