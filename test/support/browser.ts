// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Chromium's flag that resolves no host but this machine's (127.0.0.1, and localhost, where @web/test-runner and
 * Browser Mode serve): a request to any other host fails as net::ERR_NAME_NOT_RESOLVED (NOT_RESOLVED below).
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/** The console's error for a request to another host (an external logo): the tests expect it, and no other. */
export const NOT_RESOLVED = /Failed to load resource: net::ERR_NAME_NOT_RESOLVED/;

/**
 * Chromium's command line for the tests, with `disabledFeatures` switched off besides the defaults below. Chromium
 * reads one --disable-features (the last given), so the list carries Playwright's own (its chromiumSwitches.ts,
 * which ours would otherwise replace; less those for Windows and Edge) and adds:
 * - the omnibox's popup pages (WebUIOmniboxPopup and its two variants): every new browser context made its window's
 *   address-bar popup, four chrome:// pages in a renderer of their own, about 1 CPU-s per context (1,200 ms of CPU
 *   for a context and its first page; 190 ms without them), which a headless test never shows.
 * The line also resolves no host name but this machine's (LOOPBACK_ONLY): no request leaves it, in a test or a
 * benchmark, and each request stays inside Chromium (a Playwright route, which this replaced, sent every request
 * of a page through the test process and turned the HTTP cache off: the shared-browser suites took about 10 % more CPU).
 */
export function chromiumArgs(disabledFeatures: string[] = []): string[] {
  const features = [
    // Playwright 1.65's (chromiumSwitches.ts)
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    // ours
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxFullPopup',
    ...disabledFeatures,
  ];
  return [
    LOOPBACK_ONLY,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${features.join(',')}`,
  ];
}

export const CHROMIUM_ARGS = chromiumArgs();

export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

/** Debian's Chromium with the project's flags, and `extra` ones (not a second --disable-features: Chromium reads only the last). */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extra] });
}

/**
 * Debian's Chromium (launchChromium), one for the suites of a process: `npm test` runs the read-only browser files in
 * one process (scripts/test.ts), which holds it from the first suite to the last; a file run alone launches its own.
 * Each `useChromium` is matched by a `releaseChromium`; the last release closes the browser. Suites share the browser,
 * never a context (each makes its own).
 */
let shared: { browser: Promise<Browser>; users: number } | undefined;

export function useChromium(): Promise<Browser> {
  shared ??= { browser: launchChromium(), users: 0 };
  shared.users++;
  return shared.browser;
}

export async function releaseChromium(): Promise<void> {
  if (!shared || --shared.users > 0) return;
  const { browser } = shared;
  shared = undefined;
  await (await browser.catch(() => undefined))?.close();
}

/** True once the docs page's script has run, or at once on a page without one. */
export const siteScriptRan = () =>
  !document.documentElement.dataset.script || !!(window as unknown as { __docsRuntime?: boolean }).__docsRuntime;

/**
 * True once a script request of `page` is refused from now on (`route.abort()`), false if none is within `timeout`
 * ms (0: no limit) or the page closes: a test that refuses the site's script (to see the page without it) has no
 * script to wait for. A request cut short by the page moving on (a redirect: net::ERR_ABORTED) is not a refusal.
 */
export function scriptRefused(page: Page, timeout: number): Promise<boolean> {
  return page
    .waitForEvent('requestfailed', {
      predicate: (request) =>
        request.resourceType() === 'script' && request.failure()?.errorText !== 'net::ERR_ABORTED',
      timeout,
    })
    .then(
      () => true,
      () => false,
    );
}

/**
 * A docs page starts its script once it has painted (widgets/runtime/boot.ts), which is after its load event:
 * navigations of this page that wait for the load event (the default) also wait for that script to have run,
 * as a reader's page has a moment after it shows (or until the script is refused).
 */
function awaitSiteScript(page: Page): void {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const refused = scriptRefused(page, 15_000);
      const response = await original(...args);
      const options = args.find((a): a is { waitUntil?: string } => typeof a === 'object' && a !== null);
      if (['load', 'networkidle'].includes(options?.waitUntil ?? 'load')) {
        // A page that moves on meanwhile (a redirect) is the caller's to wait for.
        await Promise.race([
          page.waitForFunction(siteScriptRan, undefined, { timeout: 15_000 }).catch(() => {}),
          refused,
        ]);
      }
      return response;
    };
  }
}

/**
 * A browser context of a Chromium launched with chromiumArgs, so reaching this machine only: external logos and links
 * never load in tests or benchmarks. Its pages' navigations wait for the site's script (awaitSiteScript).
 */
export async function newOfflineContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // With JavaScript off, no script runs and none is waited for.
  if (options.javaScriptEnabled !== false) context.on('page', awaitSiteScript);
  return context;
}

/**
 * Resolves when `closing` (a page, context or browser close) does, or after `ms`, saying so. A page that reloads on
 * its own (the dev server's live reload) can meet a close while the reload commits; Chromium may then leave the
 * close unanswered and Playwright waits for ever (microsoft/playwright #42068, #42366).
 */
export async function closeWithin(closing: Promise<void>, ms = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`a browser close did not answer within ${ms / 1000} s; going on without it`);
      resolve();
    }, ms);
  });
  await Promise.race([closing.catch(() => {}), late]);
  clearTimeout(timer);
}

/**
 * Upgrades every custom element on the page as a reader's pointer resting on each would (widgets load on intent:
 * widgets/runtime/intent.ts), and waits until each has rendered its widget (Playwright's timeout if one never does).
 */
export async function upgradeWidgets(page: Page): Promise<void> {
  const tags = 'theme-toggle, copy-markdown, pm-tabs, tools-menu, doc-search';
  await page.evaluate(
    (selector) =>
      document
        .querySelectorAll(selector)
        .forEach((el) => el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }))),
    tags,
  );
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].every((el) => el.hasAttribute('data-upgraded')),
    tags,
  );
}
