// First-visit locale redirect, run first by the widget module (widgets/index.ts; the inline boot script keeps
// only what must happen before the first paint): a visitor whose browser language is another supported locale goes to that language's version of the
// page (rest of the path, query and hash kept). Once per browser (a local flag); never for bots, crawlers
// and auditors (by user agent, and any automated browser: `navigator.webdriver`), never when the site sets `localeRedirect: 'never'`, never on the 404 page.
import { translatePath } from '../../common/routes.ts';
import { sameOriginHref } from '../../common/safe-url.ts';
import type { ClientSiteData } from '../../common/types.ts';
import { readSiteData, routeContextOf } from './site-data.ts';

const BOTS =
  /bot\b|bot\/|crawl|spider|slurp|lighthouse|headless|pagespeed|prerender|preview|archiver|facebookexternalhit|embedly|yandex|baidu|duckduck|semrush|ahrefs|gtmetrix|pingdom|ptst/i;

export const VISITED_KEY = 'docs-locale-visited';

export function isBot(userAgent: string): boolean {
  return BOTS.test(userAgent);
}

/**
 * A browser driven by a program (WebDriver, Chrome DevTools automation, Playwright, Puppeteer) sets
 * `navigator.webdriver`: today's auditors (Lighthouse, PageSpeed) do not name themselves in the user agent.
 */
export function isAutomated(nav: Pick<Navigator, 'userAgent' | 'webdriver'>): boolean {
  return nav.webdriver === true || isBot(nav.userAgent);
}

/** The site locale for a browser language: the same tag, else the same primary language (`zh-CN` → `zh`). */
export function localeFor(language: string, locales: { lang: string }[]): string | undefined {
  const lower = language.toLowerCase();
  const primary = lower.split('-')[0];
  return (
    locales.find((l) => l.lang.toLowerCase() === lower)?.lang ??
    locales.find((l) => l.lang.toLowerCase().split('-')[0] === primary)?.lang
  );
}

/**
 * Where a first visit should go (an absolute URL of this origin), or undefined to stay. Pure, for tests. The path
 * is the address bar's: translatePath makes it safe (`/zh//evil.example/` stays on this site) and the origin is
 * checked once more.
 */
export function redirectTarget(
  site: ClientSiteData,
  pageLang: string,
  language: string,
  location: { pathname: string; search: string; hash: string; href: string; origin: string },
): string | undefined {
  const target = localeFor(language, site.locales);
  if (!target || target === pageLang) return undefined;
  return sameOriginHref(
    translatePath(routeContextOf(site), location.pathname + location.search + location.hash, { lang: target }),
    location,
  );
}

function firstVisit(): boolean {
  try {
    if (localStorage.getItem(VISITED_KEY)) return false;
    localStorage.setItem(VISITED_KEY, '1');
    return true;
  } catch {
    // No storage (private mode, blocked): without a flag "first visit only" cannot hold, so never redirect.
    return false;
  }
}

function redirectOnFirstVisit(): void {
  const site = readSiteData();
  const root = document.documentElement;
  if (site.localeRedirect === 'never' || site.locales.length < 2 || root.dataset.pageType === '404') return;
  if (isAutomated(navigator) || !firstVisit()) return;
  const target = redirectTarget(site, root.lang, navigator.language ?? '', window.location);
  if (target) window.location.replace(target);
}

try {
  redirectOnFirstVisit();
} catch (error) {
  // The boot script must never throw: staying on this page is always fine.
  console.warn('[docs] locale redirect skipped', error);
}
