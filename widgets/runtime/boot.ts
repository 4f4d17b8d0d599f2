// Runs inline at the top of <head>, before first paint: theme class, colour scheme and background, the
// "hide" query parameters, the `js` class, and remembered tab choices; only what must happen before the
// first paint, as every page carries it (the first-visit locale redirect runs from the widget module). Then
// the widget module (<html data-script>) once the page has painted: nothing of it is needed to paint, and
// a script downloaded before the largest paint is counted against it (Lighthouse's LCP).
// Must never throw (private mode makes localStorage throw; see platform/storage.ts).
import { watchTabChoices } from '../pm-tabs/choice.ts';
import { readStorage } from '../platform/storage.ts';
import { applyTheme, isDark, systemPrefersDark, toPreference } from '../theme-toggle/theme.ts';
import { DEFAULT_STORAGE_KEY, DEFAULT_TABS_STORAGE_KEY, readOwnSiteData } from './site-data.ts';
import { applyQueryFlags } from './page-flags.ts';

const root = document.documentElement;
// The page always starts as `no-js` (layouts/render.tsx).
root.classList.replace('no-js', 'js');

const site = readOwnSiteData();
applyTheme(isDark(toPreference(readStorage(site.storageKey ?? DEFAULT_STORAGE_KEY)), systemPrefersDark(), site.darkMode ?? true), root);

// `?navbar=0` … hide parts; the outline is off inside a frame.
applyQueryFlags(window.location.search);

try {
  watchTabChoices(site.tabsStorageKey ?? DEFAULT_TABS_STORAGE_KEY, root);
} catch {
  // No MutationObserver: the tabs show their default until <pm-tabs> upgrades.
}

const script = root.dataset.script;
// A script that cannot load leaves the page as it is (its server-rendered fallbacks), without an uncaught error.
if (script) addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => import(script).catch(() => {}))));
