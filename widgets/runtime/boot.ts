// Runs inline at the top of <head>, before first paint: the theme class, the "hide" query parameters, the
// `js` class, and remembered tab choices; only what must happen before the first paint, as every page carries
// it (the first-visit locale redirect runs from the widget module). Then the widget module (<html
// data-script>) once the page has painted and loaded: nothing of it is needed to paint.
// Must never throw (private mode makes localStorage throw; see platform/storage.ts).
import { restoreWhileLoading } from '../pm-tabs/choice.ts';
import { readStorage } from '../platform/storage.ts';
import { isDark, systemPrefersDark } from '../theme-toggle/theme.ts';
import type { ClientSiteData } from '../../common/types.ts';
import { DEFAULT_STORAGE_KEY, DEFAULT_TABS_STORAGE_KEY, SITE_DATA_ID } from './site-data.ts';
import { applyQueryFlags } from './page-flags.ts';

const root = document.documentElement;
// The page always starts as `no-js` (layouts/render.tsx).
root.classList.replace('no-js', 'js');

// The site data, from the <head> onto <html data-site>, where the runtime and the widgets read it (read here
// as it is, without readSiteData's defaults: they would be a good share of a script every page inlines).
let site: Partial<ClientSiteData> = {};
try {
  site = JSON.parse((root.dataset.site = document.getElementById(SITE_DATA_ID)!.textContent!));
} catch {
  // No site data (or bad): the defaults below.
}
// The class alone: the stylesheet, render-blocking, gives html.dark its colour scheme and background before
// anything paints (the widgets' applyTheme also writes them inline, for host pages without our stylesheet).
root.classList.toggle(
  'dark',
  isDark(readStorage(site.storageKey ?? DEFAULT_STORAGE_KEY), systemPrefersDark(), site.darkMode ?? true),
);

// `?navbar=0` … hide parts; the outline is off inside a frame.
applyQueryFlags(location.search);

restoreWhileLoading(site.tabsStorageKey ?? DEFAULT_TABS_STORAGE_KEY);

const script = root.dataset.script;
// Once the first contentful paint is on screen and the page's own images are in (the load event, then a frame):
// a frame callback alone can start the download before the paint is presented, and a download that overlaps
// the hero image's delays it (Lighthouse counts the script against FCP and LCP). A tab opened in the background
// paints, and loads its widgets, when first shown; a browser without paint timing (Safari before 14.1) keeps
// the server-rendered page, which works. A script that cannot load leaves the page as it is.
if (script) {
  const load = () => requestAnimationFrame(() => setTimeout(() => import(script).catch(() => {})));
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint')[0]) {
      observer.disconnect();
      // biome-ignore lint/suspicious/noDoubleEquals: the inline boot script is held to 1 KB gzip; comments are stripped
      if (document.readyState == 'complete') load();
      else addEventListener('load', load);
    }
  }).observe({ type: 'paint', buffered: true });
}
