// End-to-end checks of the widgets: the embed fixture page from a plain static server, and the docs site on
// first load and after a client-side page change (theme, Copy Markdown, tabs, tools menu, code copy, image
// zoom, scroll-to-top, the home page's tool cards).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { NOT_RESOLVED, newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built site; DOCS_SITE_DIR points elsewhere (a private build while others rebuild _site). */
const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
const ELEMENTS = ['theme-toggle', 'copy-markdown', 'pm-tabs', 'tools-menu'];

let browser: Browser;
const servers: StaticServer[] = [];
const contexts: BrowserContext[] = [];

/** A context that reaches this machine only, may use the clipboard, and collects script errors. */
async function newContext(origin: string, errors: string[]): Promise<BrowserContext> {
  const ctx = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  ctx.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      // Expected load failures: external images (no host but this machine resolves) and the scripts a test refuses.
      const expected =
        NOT_RESOLVED.test(message.text()) || /Failed to load resource: net::ERR_FAILED/.test(message.text());
      if (message.type() === 'error' && !expected) errors.push(message.text());
    });
  });
  contexts.push(ctx);
  return ctx;
}

async function upgraded(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-upgraded]`, { state: 'attached' });
}

/** As a reader's pointer passing over each element would: the site loads an element's module on intent. */
async function reachFor(page: Page, tags: string[]): Promise<void> {
  await page.evaluate((list) => {
    for (const tag of list)
      document.querySelector(tag)?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  }, tags);
  for (const tag of tags) await upgraded(page, tag);
}

/**
 * Plays the page's animations at a tenth of their speed. A reader clicks again within the 0.4 s reveal; a test on a
 * busy machine can take longer than that between two steps, so the reveal is made to last 4 s instead.
 */
async function slowAnimations(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
/** The theme applies inside a view transition's update callback, a frame after the click. */
const becomesDark = (page: Page, dark: boolean) =>
  page.waitForFunction((d) => document.documentElement.classList.contains('dark') === d, dark);

before(async () => {
  browser = await useChromium();
});

after(async () => {
  for (const ctx of contexts) await ctx.close().catch(() => {});
  if (browser) await releaseChromium();
  for (const server of servers) await server.close();
});

describe('the embed script on a plain page', () => {
  let url: string;
  const errors: string[] = [];
  let page: Page;

  before(async () => {
    const script = path.join(SITE_DIR, 'assets', 'embed.js');
    assert.ok(fs.existsSync(script), `build the site first (npm run build): ${script}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-embed-'));
    fs.copyFileSync(path.join(ROOT, 'test/fixtures/embed.html'), path.join(dir, 'index.html'));
    fs.copyFileSync(path.join(ROOT, 'test/fixtures/embed.md'), path.join(dir, 'embed.md'));
    // The script and its on-demand part for the tools popover, side by side as the build writes them.
    for (const file of ['embed.js', 'embed-tools.js'])
      fs.copyFileSync(path.join(SITE_DIR, 'assets', file), path.join(dir, file));
    fs.writeFileSync(path.join(dir, '404.html'), 'not found');
    const server = await startStaticServer(dir);
    servers.push(server);
    url = `${server.url}/`;
    page = await (await newContext(server.url, errors)).newPage();
    await page.goto(url);
    for (const tag of ELEMENTS) await upgraded(page, tag);
  });

  test('registers every element (the script is included twice) without an error', async () => {
    const defined = await page.evaluate((tags) => tags.map((t) => !!customElements.get(t)), ELEMENTS);
    assert.deepEqual(defined, [true, true, true, true]);
    assert.deepEqual(errors, []);
  });

  test('the theme toggle switches the widgets, not the host page, and remembers it under its storage key', async () => {
    assert.equal(await isDark(page), false);
    await page.getByRole('button', { name: 'Switch between dark and light theme' }).click();
    await page.waitForFunction(() => document.querySelector('copy-markdown')?.getAttribute('data-theme') === 'dark');
    assert.equal(await isDark(page), false, 'the host page is the host’s');
    assert.equal(await page.evaluate(() => localStorage.getItem('embed-theme')), 'dark');
  });

  test('Copy Markdown copies the Markdown file next to the page', async () => {
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    assert.equal(await clipboard(page), fs.readFileSync(path.join(ROOT, 'test/fixtures/embed.md'), 'utf8'));
  });

  test('the tools menu opens with its 8 entries', async () => {
    await page.getByRole('button', { name: 'Rstack tools' }).click();
    const links = page.locator('tools-menu li a');
    await links.first().waitFor();
    assert.equal(await links.count(), 8);
    await page.keyboard.press('Escape');
    await page.locator('tools-menu .popover').waitFor({ state: 'hidden' });
  });

  test('the package-manager tabs show one command at a time, without the page’s CSS', async () => {
    await page.getByRole('tab', { name: 'pnpm' }).click();
    const visible = await page.locator('pm-tabs .code-block:visible').allTextContents();
    assert.equal(visible.length, 1);
    assert.match(visible[0], /pnpm add @rstest\/core -D/);
    assert.equal(await page.locator('pm-tabs .tabs').isVisible(), false, 'the radio strip gave way to the tab list');
    assert.equal(await page.evaluate(() => localStorage.getItem('embed.tabs.pm')), '2');
  });

  test('code blocks copy their code and toggle wrapping', async () => {
    const block = page.locator('body > .code-block');
    await block.getByRole('button', { name: 'Copy code' }).click();
    assert.equal(await clipboard(page), "import { defineConfig } from '@rstest/core';");
    await block.getByRole('button', { name: 'Toggle code wrap' }).click();
    assert.equal(await block.evaluate((el) => el.classList.contains('wrap')), true);
    assert.deepEqual(errors, []);
  });
});

describe('the widgets on the docs site', () => {
  let server: StaticServer;
  const errors: string[] = [];
  let ctx: BrowserContext;

  before(async () => {
    assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
    server = await startStaticServer(SITE_DIR);
    servers.push(server);
    ctx = await newContext(server.url, errors);
  });

  test('each widget works on first load of a doc page', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    await reachFor(page, ELEMENTS);

    // Copy Markdown: the page's own .md.
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    const markdown = await page.evaluate(() => fetch('/guide/start/quick-start.md').then((r) => r.text()));
    assert.equal(await clipboard(page), markdown);
    await page.waitForSelector('copy-markdown >> [data-state="idle"]');

    // The Open menu: valid menu, AI links about this page.
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const chatgpt = await page.getByRole('menuitem', { name: 'Open in ChatGPT' }).getAttribute('href');
    assert.ok(chatgpt?.startsWith('https://chatgpt.com/?hints=search&q='));
    assert.match(
      decodeURIComponent(chatgpt!),
      /Read http:\/\/127\.0\.0\.1:\d+\/guide\/start\/quick-start, I want to ask questions about it\./,
    );
    await page.keyboard.press('Escape');

    // Theme.
    await page.getByRole('button', { name: 'Switch between dark and light theme' }).click();
    await becomesDark(page, true);
    assert.equal(await page.evaluate(() => localStorage.getItem('rstest-theme')), 'dark');

    // Tools menu opens on hover.
    await page.locator('tools-menu').hover();
    await page.locator('tools-menu .popover').waitFor({ state: 'visible' });
    assert.equal(await page.locator('tools-menu li a').count(), 8);
    await page.mouse.move(700, 600);
    await page.locator('tools-menu .popover').waitFor({ state: 'hidden' });

    // Tabs: every pm group follows, and the choice is stored under "rstest.tabs.pm".
    await page.getByRole('tab', { name: 'yarn' }).first().click();
    const selected = await page
      .locator('pm-tabs')
      .evaluateAll((els) => els.map((el) => el.shadowRoot!.querySelector('[aria-selected="true"]')?.textContent));
    assert.ok(selected.length > 1);
    assert.ok(
      selected.every((s) => s === 'yarn'),
      selected.join(),
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('rstest.tabs.pm')), '1');

    // Code copy: the code text of the first block.
    const first = page.locator('.doc-content .code-block').first();
    await first.hover();
    await first.getByRole('button', { name: 'Copy code' }).click();
    assert.equal(await clipboard(page), (await first.locator('pre code').textContent())!);
    assert.equal(await first.getByRole('button', { name: 'Copied' }).count(), 1);
    await page.close();
  });

  test('a second click on the theme toggle while its reveal still runs switches back', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    await page.evaluate(() => localStorage.removeItem('rstest-theme'));
    await reachFor(page, ['theme-toggle']);
    await slowAnimations(page);
    const box = (await page.locator('theme-toggle').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(x, y);
    await becomesDark(page, true);
    // The circular reveal lasts 0.4 s (4 s here); a reader who changes their mind clicks again within it.
    assert.equal(await page.evaluate(() => document.getAnimations().length > 0), true, 'the reveal is running');
    await page.mouse.click(x, y);
    await becomesDark(page, false);
    assert.equal(await page.evaluate(() => localStorage.getItem('rstest-theme')), 'auto');
    await page.close();
  });

  test('a click before the theme toggle has loaded switches with the same reveal, and back during it', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    await page.evaluate(() => localStorage.removeItem('rstest-theme'));
    await page.waitForFunction(() => (window as unknown as { __docsRuntime?: unknown }).__docsRuntime);
    await slowAnimations(page);
    // The widget's module is held back (the pointer's arrival asks for it): the built button must answer.
    const held: Route[] = [];
    await page.route(/\/assets\/.*\.js$/, (route) => void held.push(route));
    const box = (await page.locator('theme-toggle').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(x, y);
    await becomesDark(page, true);
    assert.equal(
      await page.evaluate(() => document.querySelector('theme-toggle')!.hasAttribute('data-upgraded')),
      false,
      'the built button answered',
    );
    assert.equal(await page.evaluate(() => document.getAnimations().length > 0), true, 'the reveal is running');
    await page.mouse.click(x, y);
    await becomesDark(page, false);
    assert.equal(await page.evaluate(() => localStorage.getItem('rstest-theme')), 'auto');
    await Promise.all(held.map((route) => route.continue()));
    await page.close();
  });

  test('the remembered tab and theme are in place before any widget script runs', async () => {
    const page = await ctx.newPage();
    // Only the inline boot script runs: widget scripts are refused.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/guide/start/quick-start`);
    await page.evaluate(() => {
      localStorage.setItem('rstest.tabs.pm', '1');
      localStorage.setItem('rstest-theme', 'dark');
    });
    await page.reload();
    const checked = await page.locator('pm-tabs input[type="radio"]:checked + label').allTextContents();
    assert.ok(checked.length > 0 && checked.every((label) => label === 'yarn'), checked.join());
    assert.equal(await isDark(page), true);
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
    await page.close();
  });

  test('the widgets work after moving to another page without a reload', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    await reachFor(page, ELEMENTS);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const changed = page.evaluate(
      () => new Promise((resolve) => document.addEventListener('docs:page-change', resolve, { once: true })),
    );
    await page.locator('.sidebar-link[href="/guide/advanced/profiling"]').first().click();
    await changed;
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no full reload');

    // Copy Markdown now copies the new page.
    await page.waitForFunction(() =>
      document.querySelector('copy-markdown')?.getAttribute('href')?.endsWith('profiling.md'),
    );
    await upgraded(page, 'copy-markdown');
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    const markdown = await page.evaluate(() => fetch('/guide/advanced/profiling.md').then((r) => r.text()));
    assert.equal(await clipboard(page), markdown);

    // The new page's tabs upgrade and show the remembered choice.
    await upgraded(page, 'pm-tabs');
    const selected = await page
      .locator('pm-tabs')
      .first()
      .evaluate((el) => el.shadowRoot!.querySelector('[aria-selected="true"]')?.textContent);
    assert.equal(selected, 'yarn');

    // Image zoom is attached to the new page's images; the theme toggle still works.
    await page.waitForSelector('.doc-content img[data-zoomable].medium-zoom-image', { state: 'attached' });
    const before = await isDark(page);
    await page.getByRole('button', { name: 'Switch between dark and light theme' }).click();
    await becomesDark(page, !before);

    // Scroll-to-top shows once scrolled.
    const top = page.locator('.scroll-top');
    assert.equal(await top.evaluate((el) => el.classList.contains('visible')), false);
    await page.mouse.wheel(0, 1500);
    await page.waitForSelector('.scroll-top.visible');
    await page.close();
  });

  test('upgrading the widgets shifts nothing on the page', async () => {
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: string[] };
      w.shifted = [];
      type Shift = PerformanceEntry & { hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          for (const { node } of entry.sources) {
            const el = node instanceof Element ? node : node?.parentElement;
            // Shifts of these widgets, or of anything in the page content.
            const mine = el?.closest('theme-toggle, copy-markdown, pm-tabs, tools-menu, main');
            if (mine || !el)
              w.shifted.push(el ? el.localName + (el.className ? `.${el.className}` : '') : '(removed node)');
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/guide/start/quick-start`);
    await reachFor(page, ELEMENTS);
    await page.waitForTimeout(50); // lets the observer deliver (no timing is asserted)
    assert.deepEqual(await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted), []);
    await page.close();
  });

  test('the home page shows the tool family: 7 cards opening in new tabs, in the page language', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    const cards = page.locator('.tool-stack .tool-card');
    assert.equal(await cards.count(), 7);
    assert.deepEqual(await page.locator('.tool-stack .tool-name').allTextContents(), [
      'Rspack',
      'Rsbuild',
      'Rslib',
      'Rspress',
      'Rsdoctor',
      'Rstest',
      'Rslint',
    ]);
    assert.ok(
      (await cards.evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).target))).every((t) => t === '_blank'),
    );
    assert.equal(await page.locator('.tool-stack h2').textContent(), 'Rstack');
    // The logos are blocked here, as when they fail: each keeps its 48 px box, empty (no broken-image glyph).
    await page.locator('.tool-stack').scrollIntoViewIfNeeded();
    const boxes = await page
      .locator('.tool-logo')
      .evaluateAll((logos) =>
        logos.map((logo) => [(logo as HTMLElement).offsetWidth, (logo as HTMLElement).offsetHeight]),
      );
    assert.ok(boxes.length === 7 && boxes.every(([w, h]) => w === 48 && h === 48), JSON.stringify(boxes));
    await page.goto(`${server.url}/zh/`);
    assert.match((await page.locator('.tool-stack .tool-desc').first().textContent())!, /[\u4e00-\u9fff]/);
    await reachFor(page, ['tools-menu']);
    await page.locator('tools-menu button').click();
    assert.match(
      (await page.locator('tools-menu .tool-desc').first().textContent())!,
      /[\u4e00-\u9fff]/,
      'the menu speaks Chinese under /zh/',
    );
    await page.close();
  });

  test('on a phone, the tool cards’ logos (another origin) are fetched only when the reader scrolls near them, not beside the hero image', async () => {
    const phone = await newOfflineContext(browser, { viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await phone.newPage();
    const logos: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://assets.rspack.rs/') && !request.url().includes('/rstest/rstest-logo'))
        logos.push(request.url());
    });
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    assert.equal(logos.length, 0, `no tool logo while the reader is at the top: ${logos.join()}`);
    await page.locator('.tool-stack').scrollIntoViewIfNeeded();
    for (let i = 0; i < 50 && logos.length < 6; i++) await page.waitForTimeout(100);
    assert.ok(
      logos.some((url) => url.includes('rspack-logo')),
      logos.join(),
    );
    await phone.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`upgraded widgets with their menus open pass axe-core (${scheme})`, async () => {
      const page = await ctx.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => localStorage.removeItem('rstest-theme')).catch(() => {});
      await page.goto(`${server.url}/guide/start/quick-start`);
      await page.evaluate(() => localStorage.removeItem('rstest-theme'));
      await page.reload();
      await reachFor(page, ELEMENTS);
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.getByRole('button', { name: 'Rstack tools' }).click();
      // Evaluated, not a <script>: the page's Content-Security-Policy refuses inline scripts.
      await page.evaluate(fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
      const violations = await page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] };
        const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<Result> } }).axe;
        const result = await axe.run(
          { include: [['theme-toggle'], ['copy-markdown'], ['pm-tabs'], ['tools-menu']] },
          { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
        );
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
      });
      assert.deepEqual(violations, []);
      await page.close();
    });
  }

  test('a reader who reaches for no widget runs no widget code; of it only search’s is fetched, once the page has loaded (React included)', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.waitForLoadState('networkidle');
    // Besides the entry module (<html data-script>) and the runtime chunk it imports: search's modules, fetched
    // when idle (widgets/doc-search/prefetch.ts), none of another widget's.
    const { loaded, entry, loadEnd } = await page.evaluate(() => ({
      loaded: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ name: r.name, start: r.startTime })),
      entry: new URL(document.documentElement.dataset.script!, location.href).href,
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    }));
    const search = ((await (await fetch(`${server.url}/assets/search-modules.json`)).json()) as string[]).map(
      (file) => `${server.url}/assets/${file}`,
    );
    const others = loaded.filter(({ name }) => name !== entry && !/\/rolldown-runtime-[\w-]+\.js$/.test(name));
    assert.deepEqual(
      others.filter(({ name }) => !search.includes(name)).map(({ name }) => name),
      [],
      'no other widget’s code',
    );
    assert.ok(
      others.every(({ start }) => start >= loadEnd),
      'search’s modules come after the load event',
    );
    assert.equal(
      await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), ELEMENTS).then((l) => l.length),
      0,
    );
    await page.close();
  });

  test('the widget module is requested only once the page has painted and loaded (it never competes with the first paint or the hero image), and nothing else of ours joins the first paint', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/config/test/retry`);
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((r) => r.name === new URL(document.documentElement.dataset.script!, location.href).href),
    );
    const { fcp, loaded, entryStart, icon, logo } = await page.evaluate(() => {
      const entry = new URL(document.documentElement.dataset.script!, location.href).href;
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        entryStart: performance.getEntriesByType('resource').find((r) => r.name === entry)!.startTime,
        // Fetched beside the stylesheet on a first visit, a favicon or a logo at high priority costs the first paint a connection.
        icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href') ?? '',
        logo: document.querySelector('.brand img')?.getAttribute('fetchpriority'),
      };
    });
    assert.ok(
      fcp !== undefined && entryStart >= fcp,
      `widget module requested at ${entryStart} ms, first contentful paint at ${fcp} ms`,
    );
    assert.ok(
      loaded > 0 && entryStart >= loaded,
      `widget module requested at ${entryStart} ms, load event at ${loaded} ms`,
    );
    assert.match(icon, /^data:image\/svg\+xml,/);
    assert.equal(logo, 'low');
    await page.close();
  });

  test('a click that comes before the widget has loaded goes to the widget once it has', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    assert.equal(
      await page.evaluate(() => !!customElements.get('copy-markdown') || !!customElements.get('tools-menu')),
      false,
      'not loaded yet',
    );
    // The built Copy Markdown button: the copy starts inside the click, and the widget shows it once loaded.
    await page.getByRole('button', { name: 'Copy Markdown', exact: true }).dispatchEvent('click');
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    const markdown = await page.evaluate(() => fetch('/guide/start/quick-start.md').then((r) => r.text()));
    assert.equal(await clipboard(page), markdown);
    assert.equal(await page.evaluate(() => location.pathname), '/guide/start/quick-start');
    // The built Open button: the same button of the widget is pressed once it has loaded (its menu opens).
    await page.reload();
    await page.getByRole('button', { name: 'Open', exact: true }).dispatchEvent('click');
    await page.getByRole('menuitem', { name: 'Open in ChatGPT' }).waitFor({ state: 'visible' });
    // The built tools button: the menu opens.
    await page.getByRole('button', { name: 'Rstack tools' }).dispatchEvent('click');
    await page.locator('tools-menu .popover').waitFor({ state: 'visible' });
    assert.equal(await page.locator('tools-menu').evaluate((el) => el.hasAttribute('data-pending')), false);
    await page.close();
  });

  test('a press that the widget’s upgrade interrupts (down on the built button, up on the widget’s) still switches the theme', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    // The widget entry is running once another element loads on intent.
    await reachFor(page, ['pm-tabs']);
    assert.equal(await isDark(page), false);
    const box = (await page.locator('theme-toggle').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // While the button is held, another <theme-toggle> loads the element's module: every instance upgrades, and
    // the pressed built button is replaced by the widget's.
    await page.evaluate(() => {
      const other = document.body.appendChild(document.createElement('theme-toggle'));
      other.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await upgraded(page, 'theme-toggle');
    await page.mouse.up();
    await becomesDark(page, true);
    await page.close();
  });

  test('focus in a built control moves to the same control of the widget that replaces it', async () => {
    const page = await ctx.newPage();
    await page.goto(`${server.url}/guide/start/quick-start`);
    await page.getByRole('button', { name: 'Open', exact: true }).focus();
    await upgraded(page, 'copy-markdown');
    await page.waitForFunction(() => document.activeElement?.shadowRoot?.activeElement?.isConnected);
    assert.equal(await page.evaluate(() => document.activeElement?.localName), 'copy-markdown');
    assert.equal(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent), 'Open');
    await page.close();
  });

  test('no script errors on any of these pages', () => {
    assert.deepEqual(errors, []);
  });
});
