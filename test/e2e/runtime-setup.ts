// Shared by the runtime end-to-end tests (test/e2e/runtime-*.test.ts): the built site on a local static
// server, Debian's Chromium, contexts that reach 127.0.0.1 only, and waiting for client-side page changes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

/** The built site; DOCS_SITE_DIR points elsewhere (a private build while others rebuild _site). */
export const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(import.meta.dirname, '../../_site'));

/** The acceptance widths: desktop and phone. */
export const WIDTHS = [1280, 375] as const;

/** A browser that is not a bot (headless Chromium's own user agent says HeadlessChrome, which counts as one). */
export const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/**
 * Makes a context's pages look like a reader's browser to scripts: a browser under automation (Playwright's too)
 * sets navigator.webdriver, which the first-visit locale redirect respects (widgets/runtime/locale-redirect.ts).
 */
export async function actAsReader(ctx: BrowserContext): Promise<void> {
  // As text: tsx names the functions it compiles (`__name(…)`), which a function's source would take into the page.
  await ctx.addInitScript({
    content: "Object.defineProperty(Navigator.prototype, 'webdriver', { get() { return false; } });",
  });
}

export interface Harness {
  browser: Browser;
  server: StaticServer;
  /** A fresh context (own storage) at a width, with only local requests allowed. */
  context(width?: number, options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Opens a site path in a fresh context; page errors fail the test at `close`. */
  open(pathname: string, width?: number, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
  const browser = await useChromium();
  const server = await startStaticServer(SITE_DIR);
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const context = async (width = 1280, options: BrowserContextOptions = {}) => {
    const ctx = await newOfflineContext(browser, { viewport: { width, height: 800 }, ...options });
    ctx.on('page', (page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`)));
    contexts.push(ctx);
    return ctx;
  };
  return {
    browser,
    server,
    context,
    async open(pathname, width = 1280, options = {}) {
      const page = await (await context(width, options)).newPage();
      await page.goto(server.url + pathname);
      return page;
    },
    async close() {
      for (const ctx of contexts) await ctx.close().catch(() => {});
      await releaseChromium();
      await server.close();
      assert.deepEqual(errors, [], 'no script errors on any page');
    },
  };
}

/** Resolves at the next client-side page change (registered before the action that causes it). */
export function nextPageChange(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => document.addEventListener('docs:page-change', () => resolve(), { once: true })),
  );
}

/** Clicks and waits until the router has put the new page in place. */
export async function clickAndChange(page: Page, target: Locator): Promise<void> {
  const changed = nextPageChange(page);
  await target.click();
  await changed;
}

/** Marks the window; `stillSameWindow` is true only while no full load has happened since. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __runtimeMarker: number }).__runtimeMarker = 42));
}

export async function stillSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __runtimeMarker?: number }).__runtimeMarker === 42);
}

export const heading = (page: Page) => page.locator('#main h1').first().innerText();
