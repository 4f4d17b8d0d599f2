// `npm run shots`: screenshots of the built site for a design review, side by side with the peers: the home,
// a guide, a config and an API page, the config overview, the search modal and the mobile menu, at 1280 and
// 375 px, light and dark. Writes PNGs into `shots/` (or the folder given as the first argument).
// Only 127.0.0.1 is reachable, so external logos show as their fallback boxes.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, newOfflineContext } from '../../test/support/browser.ts';
import { startStaticServer } from '../../test/support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'shots'));
const WIDTHS = [1280, 375];
const SCHEMES = ['light', 'dark'] as const;

interface Shot {
  name: string;
  route: string;
  /** Puts the page in the state to capture (open a modal, a menu…). */
  prepare?: (page: Page, width: number) => Promise<void>;
  /** Whole page rather than the first screen. */
  full?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'home', route: '/', full: true },
  { name: 'guide', route: '/guide/start/quick-start' },
  { name: 'config', route: '/config/build/performance' },
  { name: 'api', route: '/api/test-api/expect' },
  { name: 'overview', route: '/config/', full: true },
  { name: 'api-overview', route: '/api/', full: true },
  {
    name: 'search',
    route: '/guide/start/',
    async prepare(page) {
      await page.locator('doc-search[data-upgraded]').waitFor({ state: 'attached' });
      await page.locator('doc-search button.search-button').click();
      await page.locator('doc-search input').fill('mock');
      await page.locator('doc-search .search-hit').first().waitFor();
    },
  },
  {
    name: 'menu',
    route: '/guide/start/',
    async prepare(page, width) {
      if (width > 768) return;
      await page.locator('.nav-toggle-button').click();
      await page.locator('#navbar-menu').waitFor({ state: 'visible' });
    },
  },
  { name: 'not-found-zh', route: '/zh/no-such-page' },
];

fs.mkdirSync(OUT, { recursive: true });
const server = await startStaticServer(path.join(ROOT, '_site'));
const browser = await launchChromium();
const only = process.env.SHOTS ? new Set(process.env.SHOTS.split(',')) : undefined;
try {
  for (const shot of SHOTS.filter((s) => !only || only.has(s.name))) {
    for (const width of WIDTHS) {
      if (shot.name === 'menu' && width > 768) continue;
      for (const colorScheme of SCHEMES) {
        const context = await newOfflineContext(browser, {
          viewport: { width, height: 800 },
          colorScheme,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${shot.name}: ${error.message}`));
        await page.goto(server.url + shot.route, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        // The widgets upgrade when the browser is idle: capture what a reader sees a moment after load.
        await page
          .waitForFunction(() => document.querySelectorAll(':not(:defined)').length === 0, undefined, { timeout: 5000 })
          .catch(() => {});
        await shot.prepare?.(page, width);
        await page.waitForTimeout(300);
        const file = path.join(OUT, `${shot.name}-${width}-${colorScheme}.png`);
        await page.screenshot({ path: file, fullPage: shot.full });
        console.log(path.relative(ROOT, file));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
