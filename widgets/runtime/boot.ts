// Runs inline at the top of <head>, before first paint: theme class, colour scheme and background, the
// "hide" query parameters, the `js` class, and remembered tab choices; only what must happen before the
// first paint, as every page carries it (the first-visit locale redirect runs from the widget module).
// Must never throw (private mode makes localStorage throw; see platform/storage.ts).
import { watchTabChoices } from '../pm-tabs/choice.ts';
import { readStorage } from '../platform/storage.ts';
import { applyTheme, isDark, systemPrefersDark, toPreference } from '../theme-toggle/theme.ts';
import { DEFAULT_STORAGE_KEY, DEFAULT_TABS_STORAGE_KEY, readOwnSiteData } from './site-data.ts';
import { applyQueryFlags } from './page-flags.ts';

const root = document.documentElement;
root.classList.remove('no-js');
root.classList.add('js');

const site = readOwnSiteData();
applyTheme(isDark(toPreference(readStorage(site.storageKey ?? DEFAULT_STORAGE_KEY)), systemPrefersDark(), site.darkMode ?? true), root);

// `?navbar=0` … hide parts; the outline is off inside a frame.
applyQueryFlags(window.location.search);

try {
  watchTabChoices(site.tabsStorageKey ?? DEFAULT_TABS_STORAGE_KEY, root);
} catch {
  // No MutationObserver: the tabs show their default until <pm-tabs> upgrades.
}
