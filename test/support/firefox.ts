// Launches Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (never a downloaded browser), with the
// network closed except 127.0.0.1, and drives a page for the reader flows (test/support/reader-flows.ts).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { type ReaderDriver, waitUntil } from './reader-flows.ts';

export function firefoxPath(): string {
  return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
}

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    protocol: 'webDriverBiDi',
    headless: true,
    // Puppeteer gives a browser 30 s to start; Firefox on a host busy with the other stages has needed more (it
    // started in time alone). The same bound as Playwright's for Chromium.
    timeout: 180_000,
    extraPrefsFirefox: {
      // Every request but to 127.0.0.1 (never proxied) goes to a proxy that does not answer: the tests stay offline.
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 9,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 9,
      'network.proxy.allow_hijacking_localhost': false,
      'network.dns.disablePrefetch': true,
      'network.prefetch-next': false,
      // A light system, as in the Chromium tests.
      'ui.systemUsesDarkTheme': 0,
    },
  });
}

/**
 * Sets a page's viewport. Puppeteer sends emulation.setScreenOrientationOverride beside the viewport, which
 * Firefox 140 ESR (Debian's) does not know: that one error is let pass. It comes back before the viewport has
 * changed: wait for the size (waitUntil).
 */
export async function setViewport(page: Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride')) throw error;
  }
}

/** True once the docs page's script has run (widgets/runtime/index.ts), or at once on a page without one. */
const SITE_SCRIPT_RAN = `!document.documentElement.dataset.script || !!window.__docsRuntime`;

/** A reader-flow driver on a puppeteer page; `origin` is the static server's. */
export function puppeteerDriver(page: Page, origin: string): ReaderDriver {
  const driver: ReaderDriver = {
    async goto(pathname) {
      await page.goto(origin + pathname, { waitUntil: 'load' });
      // Polled from here: page.waitForFunction's poller runs `new Function` in the page, which the site's CSP
      // blocks in Firefox 140 ESR.
      await waitUntil(driver, SITE_SCRIPT_RAN, "the page's script", 15_000);
    },
    run: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    hover: (x, y) => page.mouse.move(x, y),
    click: (x, y) => page.mouse.click(x, y),
    async press(keys) {
      const [key, ...modifiers] = [...keys].reverse() as Parameters<Page['keyboard']['press']>[0][];
      for (const m of modifiers.reverse()) await page.keyboard.down(m);
      await page.keyboard.press(key);
      for (const m of modifiers) await page.keyboard.up(m);
    },
    type: (text) => page.keyboard.type(text),
  };
  return driver;
}
