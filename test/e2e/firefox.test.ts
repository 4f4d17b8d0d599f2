// The reader flows (test/support/reader-flows.ts) in Firefox ESR, driven by puppeteer-core over WebDriver BiDi,
// on the built site: theme (and the dark scrollbar), search, client navigation, tabs, menus, code copy, Copy
// Markdown, zoom, Chinese search, the Chinese 404. One browser for all; a fresh browser context (own storage) per flow.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { firefoxPath, launchFirefox, puppeteerDriver, setViewport } from '../support/firefox.ts';
import { READER_FLOWS, waitUntil } from '../support/reader-flows.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';
import { SITE_DIR } from './runtime-setup.ts';

let browser: Browser;
let server: StaticServer;
const errors: string[] = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
  assert.ok(fs.existsSync(firefoxPath()), `Firefox ESR is missing: apt-get install firefox-esr (or set FIREFOX_PATH)`);
  server = await startStaticServer(SITE_DIR);
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

describe('reader flows in Firefox ESR', () => {
  test('the engine is Firefox, and it draws scrollbars with scrollbar-color', async () => {
    assert.match(await browser.version(), /^firefox\//i);
    const page = await browser.newPage();
    assert.equal(await page.evaluate(`CSS.supports('scrollbar-color', 'red blue')`), true);
    // What the site's stylesheet and the theme flow take Firefox by (the dark scrollbar's colours).
    assert.equal(await page.evaluate(`CSS.supports('-moz-appearance', 'none')`), true);
    await page.close();
  });

  for (const flow of READER_FLOWS) {
    test(flow.name, async () => {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${(error as Error).message}`));
        const driver = puppeteerDriver(page, server.url);
        await setViewport(page, 1280, 800);
        await waitUntil(driver, 'innerWidth === 1280 && innerHeight === 800', 'the 1280 × 800 viewport');
        await flow.run(driver);
      } finally {
        await context.close();
      }
    });
  }

  test('no script errors on any page', () => {
    assert.deepEqual(errors, []);
  });
});
