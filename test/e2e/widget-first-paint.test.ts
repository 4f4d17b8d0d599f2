// What paints first is the widget: each custom element of a built page is drawn from its declarative shadow
// root (the same component, rendered at build time) before any of its script has run, and upgrading changes
// no pixel, no role and no name. At 1280 and 375 px, light and dark: a screenshot and the ARIA snapshot of
// each element before any input, then again once its widget has rendered, must be equal. Also: the Copy
// Markdown button and Open menu button are there by role and name before a widget module has loaded, and
// <pm-tabs> shows the remembered tab (role="tab", aria-selected) before any input.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
/** A doc page with every element: the navbar's, Copy Markdown, and package-manager tabs. */
const PAGE = '/guide/start/quick-start';
/** Where <pm-tabs group="pm"> keeps its choice: "<the site's tabsStorageKey>.pm" (spec: "<framework>.tabs.<group>"). */
function tabsKey(): string {
  const html = fs.readFileSync(path.join(SITE_DIR, `${PAGE}.html`), 'utf8');
  // The site data is a JSON script element (older builds: an HTML-escaped attribute).
  const prefix = /tabsStorageKey(?:&quot;|"):(?:&quot;|")([^&"]+)/.exec(html)?.[1];
  assert.ok(prefix, 'the page names its tabs storage key');
  return `${prefix}.pm`;
}
const REMEMBERED = 2; // pnpm
/** Largest difference in one colour channel that counts as the same pixel (anti-aliasing, 0–255). */
const PIXEL_TOLERANCE = 2;
/** Top of the page first: a screenshot scrolls to its element, and the navbar hides while the page is scrolled down. */
const TAGS = ['theme-toggle', 'tools-menu', 'doc-search', 'copy-markdown', 'pm-tabs'] as const;

let browser: Browser;
let server: StaticServer;
const contexts: BrowserContext[] = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
  browser = await useChromium();
  server = await startStaticServer(SITE_DIR);
});

after(async () => {
  for (const ctx of contexts) await ctx.close().catch(() => {});
  if (browser) await releaseChromium();
  await server?.close();
});

async function openPage(width: number, scheme: 'light' | 'dark', errors: string[]): Promise<Page> {
  const ctx = await newOfflineContext(browser, {
    viewport: { width, height: 900 },
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  contexts.push(ctx);
  await ctx.addInitScript(([key, value]) => localStorage.setItem(key, value), [tabsKey(), String(REMEMBERED)] as const);
  const page = await ctx.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${PAGE}`);
  return page;
}

/** The first element of a tag that is on screen at this width (the navbar's sit in the menu on a phone). */
async function visibleElement(page: Page, tag: string): Promise<Locator | undefined> {
  const all = page.locator(tag);
  for (let i = 0; i < (await all.count()); i++) if (await all.nth(i).isVisible()) return all.nth(i);
  return undefined;
}

/** As a reader's pointer arriving would (no pointer moves, so nothing hovers): the site loads the element's module. */
async function upgrade(page: Page, element: Locator): Promise<void> {
  await element.evaluate((el) => el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true })));
  await page.waitForFunction((el) => el!.hasAttribute('data-upgraded'), await element.elementHandle());
  // Two frames: what the commit changed is on screen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Pixels of two same-sized screenshots that differ by more than a rounding step in a colour channel. Chromium's
 * raster may anti-alias a rounded corner one level apart between two paints of the same layout; a changed
 * label, size, colour or border differs by far more. (Decoded by the browser: no image library needed.)
 */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  // A string, not a function: the test runner's transform would add helpers the page does not have.
  const script = `(async ([a, b]) => {
    const pixels = async (data) => {
      const image = new Image();
      image.src = 'data:image/png;base64,' + data;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height);
    };
    const [x, y] = [await pixels(a), await pixels(b)];
    if (x.width !== y.width || x.height !== y.height) return Infinity;
    let count = 0;
    for (let i = 0; i < x.data.length; i += 4) {
      if ([0, 1, 2, 3].some((c) => Math.abs(x.data[i + c] - y.data[i + c]) > ${PIXEL_TOLERANCE})) count++;
    }
    return count;
  })`;
  return page.evaluate(`${script}(${JSON.stringify([a.toString('base64'), b.toString('base64')])})`) as Promise<number>;
}

const widgetModules = (page: Page) => page.evaluate((tags) => tags.filter((tag) => customElements.get(tag)), [...TAGS]);

for (const width of [1280, 375]) {
  for (const scheme of ['light', 'dark'] as const) {
    describe(`${width} px, ${scheme}`, () => {
      let page: Page;
      const errors: string[] = [];

      before(async () => {
        page = await openPage(width, scheme, errors);
      });

      test('before any input, no widget module has loaded and the page shows the widgets’ own controls', async () => {
        assert.deepEqual(await widgetModules(page), [], 'nothing loaded yet: what shows is the built markup');
        assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), scheme === 'dark');
        // At the load event, with no widget module loaded (stronger than "within 1 s"; no timing in the test).
        assert.equal(await page.getByRole('button', { name: 'Copy Markdown', exact: true }).count(), 1);
        const open = page.getByRole('button', { name: 'Open', exact: true });
        assert.equal(await open.count(), 1);
        assert.equal(await open.getAttribute('aria-haspopup'), 'menu');
        assert.equal(await open.getAttribute('aria-expanded'), 'false');
      });

      test('pm-tabs: the remembered tab is the selected one, and its command shows, before any input', async () => {
        const tabs = page.locator('pm-tabs').first().getByRole('tab');
        assert.deepEqual(await tabs.allTextContents(), ['npm', 'yarn', 'pnpm', 'bun']);
        const selected = await tabs.evaluateAll((list) => list.map((tab) => tab.getAttribute('aria-selected')));
        assert.deepEqual(selected, ['false', 'false', 'true', 'false']);
        const shown = await page.locator('pm-tabs').first().locator('.code-block:visible').allTextContents();
        assert.equal(shown.length, 1);
        assert.match(shown[0], /^pnpm /);
        assert.deepEqual(await widgetModules(page), []);
      });

      for (const tag of TAGS) {
        test(`<${tag}>: upgrading changes no pixel, no role and no name`, async (t) => {
          const element = await visibleElement(page, tag);
          if (!element) {
            // At 375 px the navbar's theme button sits in the closed menu: nothing of it is drawn.
            assert.ok(width < 1280 && tag === 'theme-toggle', `<${tag}> is on screen at ${width} px`);
            t.diagnostic(`<${tag}> is not on screen at ${width} px (inside the closed menu)`);
            return;
          }
          assert.equal(
            await element.evaluate((el) => !!el.shadowRoot && !el.hasAttribute('data-upgraded')),
            true,
            'drawn from the built shadow root',
          );
          const before = {
            shot: await element.screenshot({ animations: 'disabled' }),
            aria: await element.ariaSnapshot(),
          };
          await upgrade(page, element);
          const after = {
            shot: await element.screenshot({ animations: 'disabled' }),
            aria: await element.ariaSnapshot(),
          };
          assert.equal(after.aria, before.aria, 'the same roles and names');
          if (!after.shot.equals(before.shot) && (await differingPixels(page, before.shot, after.shot)) > 0) {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), `first-paint-${tag}-`));
            fs.writeFileSync(path.join(dir, 'before.png'), before.shot);
            fs.writeFileSync(path.join(dir, 'after.png'), after.shot);
            assert.fail(
              `<${tag}> looks different once upgraded (${width} px, ${scheme}); screenshots in ${path.relative(ROOT, dir)}`,
            );
          }
          assert.deepEqual(errors, []);
        });
      }
    });
  }
}

describe('without JavaScript', () => {
  let page: Page;

  before(async () => {
    const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    contexts.push(ctx);
    page = await ctx.newPage();
    await page.goto(`${server.url}${PAGE}`);
  });

  test('Copy Markdown is a link to the page’s Markdown, and no button is left that could do nothing', async () => {
    const copy = page.locator('copy-markdown');
    assert.equal(await copy.getByRole('button').count(), 0, 'no dead button (the Open menu needs a script: left out)');
    const link = copy.getByRole('link', { name: 'Markdown' });
    assert.equal(await link.getAttribute('href'), `${PAGE}.md`);
    assert.ok(await link.isVisible());
  });

  test('the search and tools buttons are links; the package-manager tabs are the page’s working radio strip', async () => {
    assert.equal(await page.locator('doc-search').getByRole('button').count(), 0);
    assert.match(
      (await page.locator('doc-search').getByRole('link').getAttribute('href')) ?? '',
      /^https:\/\/duckduckgo\.com\/\?q=site/,
    );
    assert.equal(await page.locator('tools-menu').getByRole('button').count(), 0);
    assert.equal(await page.locator('tools-menu').getByRole('link', { name: 'Rstack tools' }).count(), 1);
    const tabs = page.locator('pm-tabs').first();
    assert.equal(await tabs.getByRole('tab').count(), 0, 'the shadow tab strip hides itself');
    await tabs.locator('.tabs label', { hasText: 'yarn' }).click();
    const shown = await tabs.locator('.code-block:visible').allTextContents();
    assert.equal(shown.length, 1);
    assert.match(shown[0], /^yarn /);
  });
});

describe('a press before the module has loaded', () => {
  test('on a built tab chooses that tab once <pm-tabs> has loaded, and remembers it', async () => {
    const page = await openPage(1280, 'light', []);
    assert.deepEqual(await widgetModules(page), []);
    const tabs = page.locator('pm-tabs').first();
    await tabs.getByRole('tab', { name: 'bun' }).dispatchEvent('click');
    await page.waitForFunction(() => document.querySelector('pm-tabs')?.hasAttribute('data-upgraded'));
    await tabs.getByRole('tab', { name: 'bun', selected: true }).waitFor();
    const shown = await tabs.locator('.code-block:visible').allTextContents();
    assert.match(shown[0], /^bun /);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), tabsKey()), '3');
  });
});

describe('a page the client router puts in place', () => {
  test('paints its widgets from their built shadow roots, with the remembered tab selected', async () => {
    const errors: string[] = [];
    const page = await openPage(1280, 'light', errors);
    // A sidebar link: the router swaps the page in place (no load of the document).
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.locator('#sidebar a[href="/guide/integration/rsbuild"]').click();
    await page.waitForURL('**/guide/integration/rsbuild');
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
      true,
      'the same document',
    );
    const tabs = page.locator('pm-tabs').first();
    assert.equal(
      await tabs.evaluate((el) => !!el.shadowRoot && !el.hasAttribute('data-upgraded')),
      true,
      'its built shadow root came along',
    );
    const selected = await tabs
      .getByRole('tab')
      .evaluateAll((list) => list.map((tab) => tab.getAttribute('aria-selected')));
    assert.deepEqual(selected, ['false', 'false', 'true', 'false']);
    assert.equal(await page.getByRole('button', { name: 'Copy Markdown', exact: true }).count(), 1);
    assert.deepEqual(errors, []);
  });
});
