// The site under the strict Content-Security-Policy the build writes (issue 14; lib/csp.ts): script-src 'self'
// plus the inline scripts' hashes, style-src 'self' plus the inline stylesheets' hashes. Served with that header, every kind of page — home, doc
// pages with code groups, package-manager tabs and images, a Chinese page, the 404 page and its language strip,
// a redirect page — loads, upgrades its widgets and reacts (theme, search, tools menu, copy, image zoom) with no
// violation reported, and the widgets' shadow styles apply.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newOfflineContext, releaseChromium, upgradeWidgets, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';
import { READER_UA, SITE_DIR } from './runtime-setup.ts';
import { cliBuild, errorsSiteCopy, tempDir } from '../fixtures/sites/support.ts';

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;
let policy: string;
/** Every violation and CSP console message, with the page it came from. */
const violations: string[] = [];

before(async () => {
  const example = fs.readFileSync(path.join(SITE_DIR, '_headers.example'), 'utf8');
  policy = /Content-Security-Policy: (.*)/.exec(example)![1];
  browser = await useChromium();
  server = await startStaticServer(SITE_DIR, '/', { headers: { 'content-security-policy': policy } });
  context = await newOfflineContext(browser, {
    viewport: { width: 1280, height: 800 },
    userAgent: READER_UA,
    locale: 'en-US',
  });
  // Runs before the page's own scripts (and is not subject to the policy: Playwright injects it).
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        ((window as unknown as { __csp: string[] }).__csp ??= []).push(
          `${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        ),
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      violations.push(`${message.location().url}: ${message.text()}`);
  });
});

after(async () => {
  await context?.close();
  if (browser) await releaseChromium();
  await server?.close();
});

async function open(route: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url + route);
  await page.waitForLoadState('load');
  await upgradeWidgets(page);
  return page;
}

async function reported(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

describe('the strict Content-Security-Policy', () => {
  test("the policy allows only the site's own scripts and styles and the hashed inline ones", () => {
    assert.match(
      policy,
      /^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){2,3}; style-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){8}; object-src 'none'; base-uri 'self'$/,
    );
    // The only inline styles are the site's stylesheets (every page's, the home page's, the overview pages')
    // and the widgets' in their declarative shadow roots (one per element), each allowed by its hash; no style
    // attribute anywhere.
    const allowed = new Set(policy.match(/'sha256-[^']+'/g));
    const sheets = new Map<string, Set<string>>();
    for (const file of ['index.html', 'config/index.html', 'config/test/retry.html', 'zh/index.html', '404.html']) {
      const html = fs.readFileSync(path.join(SITE_DIR, file), 'utf8');
      assert.doesNotMatch(html, /\sstyle=/, file);
      const styles = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
      assert.equal(styles.length, (html.match(/<style[\s>]/g) ?? []).length, `${file}: every <style> is a site sheet`);
      for (const [, attributes, css] of styles) {
        const sheet =
          /data-sheet="(\w+)"/.exec(attributes)?.[1] ??
          /data-shadow-style="([\w-]+)"/.exec(attributes)?.[1] ??
          '(none)';
        assert.ok(
          allowed.has(`'sha256-${createHash('sha256').update(css).digest('base64')}'`),
          `${file}: the ${sheet} sheet's hash is in the policy`,
        );
        sheets.set(file, (sheets.get(file) ?? new Set()).add(sheet));
      }
    }
    assert.deepEqual(Object.fromEntries([...sheets].map(([file, names]) => [file, [...names]])), {
      'index.html': ['site', 'home', 'tools-menu', 'theme-toggle', 'doc-search'],
      'config/index.html': ['site', 'overview', 'tools-menu', 'theme-toggle', 'doc-search', 'copy-markdown'],
      'config/test/retry.html': ['site', 'tools-menu', 'theme-toggle', 'doc-search', 'copy-markdown'],
      'zh/index.html': ['site', 'home', 'tools-menu', 'theme-toggle', 'doc-search'],
      '404.html': ['site', 'tools-menu', 'theme-toggle', 'doc-search'],
    });
  });

  test('a first visit paints from the page alone: no stylesheet is fetched', async () => {
    for (const route of ['/', '/config/test/retry']) {
      const page = await context.newPage();
      const styles: string[] = [];
      page.on('request', (request) => request.resourceType() === 'stylesheet' && styles.push(request.url()));
      await page.goto(server.url + route);
      await page.waitForLoadState('load');
      assert.deepEqual(styles, [], route);
      // Styled all the same: the navbar is laid out as a bar, not as a list of links.
      assert.equal(
        await page.locator('header.navbar').evaluate((el) => getComputedStyle(el).position),
        'sticky',
        route,
      );
      await page.close();
    }
  });

  test("moving between page types in the page brings each type's own sheet along", async () => {
    const page = await open('/config/test/retry');
    const before = await page.evaluate(() => [...document.head.querySelectorAll('style')].map((s) => s.dataset.sheet));
    assert.deepEqual(before, ['site']);
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.locator('.sidebar a[href="/config/"]').click();
    await page.waitForURL(`${server.url}/config/`);
    await page.waitForSelector('.overview-card');
    assert.equal(
      await page
        .locator('.overview-card')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
      'solid',
    );
    await page.locator('header a.brand').click();
    await page.waitForURL(`${server.url}/`);
    await page.waitForSelector('.hero-name');
    assert.equal(await page.locator('.hero-name').evaluate((el) => getComputedStyle(el).backgroundClip), 'text');
    // The same document all along (a client-side change, not a load), now with all three sheets.
    assert.deepEqual(
      await page.evaluate(() => [...document.head.querySelectorAll('style')].map((s) => s.dataset.sheet)),
      ['site', 'overview', 'home'],
    );
    assert.equal(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same), true);
    assert.deepEqual(await reported(page), []);
    await page.close();
  });

  test('pages load and widgets upgrade and work with no violation', async () => {
    for (const route of ['/', '/zh/', '/config/test/retry', '/guide/start/quick-start', '/api/rstest/utilities']) {
      const page = await open(route);
      assert.deepEqual(await reported(page), [], route);
      await page.close();
    }
    const page = await open('/guide/start/');
    // Widgets: the theme toggle, the search dialog, the tools menu, a code block's copy button, image zoom.
    await page.locator('theme-toggle').click();
    await page.keyboard.press('Control+k');
    // The dialog opens once its module has loaded (slower on a busy machine): Escape only after it has.
    await page.locator('doc-search dialog[open] input').waitFor();
    await page.keyboard.type('retry');
    await page.waitForTimeout(300);
    await page.keyboard.press('Escape');
    await page.locator('doc-search dialog[open]').waitFor({ state: 'detached' });
    await page.locator('tools-menu').hover();
    await page.waitForTimeout(200);
    // A widget's module loads when the reader reaches for it (widgets/runtime/intent.ts): the pointer comes over it.
    await page.locator('copy-markdown').dispatchEvent('pointerover');
    await page.waitForSelector('copy-markdown[data-upgraded]', { state: 'attached' });
    // Offline, the page's external image cannot load (a broken image has no box): give it a picture that can.
    const image = page.locator('img[data-zoomable]').first();
    await image.evaluate((img) => {
      (img as HTMLImageElement).loading = 'eager';
      (img as HTMLImageElement).src =
        `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="#888"/></svg>')}`;
    });
    await image.evaluate((img) => (img as HTMLImageElement).decode());
    await image.click();
    await page.waitForSelector('.medium-zoom-overlay');
    assert.equal(
      await page.locator('.medium-zoom-overlay').evaluate((el) => getComputedStyle(el).position),
      'fixed',
      "medium-zoom's rules apply",
    );
    // The widgets' own styles apply in their shadow roots (constructed stylesheets, not <style>).
    const styled = await page.evaluate(() =>
      ['theme-toggle', 'tools-menu', 'copy-markdown'].map((tag) => {
        const root = document.querySelector(tag)?.shadowRoot;
        return `${tag}: ${root?.adoptedStyleSheets.length ?? 0} sheet(s), <style> ${root?.querySelectorAll('style').length ?? 0}`;
      }),
    );
    // The palette, the text reset and the widget's own sheet (widgets/platform/define.ts); the tools menu's popover
    // adopts its own with it (widgets/tools-menu/ToolsPanel.tsx).
    assert.deepEqual(styled, [
      'theme-toggle: 3 sheet(s), <style> 0',
      'tools-menu: 4 sheet(s), <style> 0',
      'copy-markdown: 3 sheet(s), <style> 0',
    ]);
    assert.equal(
      await page
        .locator('theme-toggle')
        .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('button')!).cursor),
      'pointer',
    );
    assert.deepEqual(await reported(page), []);
    await page.close();
  });

  test('the inline scripts run: 404 page, its language strip, a redirect page', async () => {
    const notFound = await open('/no-such/page');
    assert.equal(await notFound.locator('[data-home-link]').getAttribute('href'), '/');
    assert.deepEqual(await reported(notFound), []);
    await notFound.goto(`${server.url}/en/guide/start/?x=1`);
    await notFound.waitForURL(`${server.url}/guide/start/?x=1`);
    assert.deepEqual(await reported(notFound), []);
    await notFound.close();
    const map = JSON.parse(fs.readFileSync(path.join(SITE_DIR, '../content/redirects.json'), 'utf8')) as Record<
      string,
      string
    >;
    const [from, to] = Object.entries(map).find(([key]) => !key.startsWith('$'))!;
    const redirect = await context.newPage();
    await redirect.goto(`${server.url}${from}?q=1#top`);
    await redirect.waitForURL(`${server.url}${to}?q=1#top`);
    assert.deepEqual(await reported(redirect), []);
    await redirect.close();
  });

  test('nothing was refused on any page', () => {
    assert.deepEqual(violations, []);
  });
});

// On a host that sends no headers (GitHub Pages, a plain static server), the policy is the one each page carries in
// its <meta> (issue 41): a page whose Markdown has a raw <script>, an onload= handler, an <iframe srcdoc> with a
// script or an <object> with one runs none of them, while the site's own inline scripts still run.
describe('the policy in every page, on a host that sends no headers (issue 41)', () => {
  let bare: StaticServer;
  let hostile: StaticServer;
  let page: Page;
  before(async () => {
    const site = errorsSiteCopy();
    const head = (lang: string) => `---\ntitle: Hostile (${lang})\ndescription: Raw HTML that tries to run.\n---\n\n`;
    fs.writeFileSync(
      site.file('en/guide/hostile.md'),
      `${head('en')}${[
        "<script>alert('script')</script>",
        '',
        // A whole GIF: its load event is what the handler waits for (Chromium 150 does not load a cut one).
        '<img alt="pixel" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" onload="alert(\'onload\')">',
        '',
        '<iframe title="frame" srcdoc="<script>parent.alert(\'srcdoc\')</script>"></iframe>',
        '',
        '<object title="object" data="data:text/html,<script>alert(\'object\')</script>"></object>',
      ].join('\n')}\n`,
    );
    fs.writeFileSync(site.file('zh/guide/hostile.md'), `${head('zh')}正文。\n`);
    const out = tempDir('csp-hostile');
    const { code, output } = await cliBuild(site.config, out);
    assert.equal(code, 0, output);
    hostile = await startStaticServer(out);
    bare = await startStaticServer(SITE_DIR);
  });
  after(async () => {
    await page?.close();
    await hostile?.close();
    await bare?.close();
  });

  test("raw HTML in Markdown runs no script; the page's own inline script does", async () => {
    page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${hostile.url}/guide/hostile`);
    await page.waitForLoadState('load');
    // Each attempt is refused as it is met (the script, the handler, the frame's script, the object), or it runs.
    await Promise.race([
      page.waitForFunction(() => ((window as unknown as { __csp?: string[] }).__csp ?? []).length >= 3),
      page.waitForEvent('dialog'),
    ]);
    await upgradeWidgets(page);
    assert.deepEqual(alerts, []);
    // The boot script ran (allowed by its hash): it put the site data on <html>.
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-site')), true);
  });

  test('every built page carries the policy before its scripts and styles, and the site works under it alone', async () => {
    const header = /Content-Security-Policy: (.*)/.exec(
      fs.readFileSync(path.join(SITE_DIR, '_headers.example'), 'utf8'),
    )![1];
    const htmlFiles = (fs.readdirSync(SITE_DIR, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
    assert.ok(htmlFiles.length > 200);
    for (const file of htmlFiles) {
      const html = fs.readFileSync(path.join(SITE_DIR, file), 'utf8');
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
      assert.ok(meta, `${file}: the policy's <meta>`);
      // A <meta> policy governs only what follows it: it comes before every script and stylesheet.
      assert.ok(meta.index < html.search(/<script|<style|<link rel="stylesheet"/), `${file}: the <meta> comes first`);
      const policy = meta[1].replace(/&#x27;/g, "'");
      assert.match(
        policy,
        /^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){1,2}; object-src 'none'; base-uri 'self'$/,
        file,
      );
      // The redirect pages allow their own script; every other page's hashes are the header's.
      if (!html.includes('http-equiv="refresh"'))
        for (const hash of policy.match(/'sha256-[^']+'/g)!) assert.ok(header.includes(hash), `${file}: ${hash}`);
    }
    for (const route of ['/', '/zh/guide/start/', '/config/test/retry', '/no-such/page']) {
      const page = await context.newPage();
      await page.goto(bare.url + route);
      await page.waitForLoadState('load');
      await upgradeWidgets(page);
      assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-site')), true, route);
      assert.deepEqual(await reported(page), [], route);
      await page.close();
    }
  });
});
