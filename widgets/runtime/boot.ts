// Runs inline at the top of <head>, before first paint: theme class, colour scheme and background, the
// "hide" query parameters, the `js` class, and remembered tab choices. Must never throw (private mode
// makes localStorage throw; see platform/storage.ts).
import { watchTabChoices } from '../pm-tabs/choice.ts';
import { readStorage } from '../platform/storage.ts';
import { applyTheme, isDark, systemPrefersDark, toPreference } from '../theme-toggle/theme.ts';
import { readSiteData } from './site-data.ts';
// First: a first visit may leave for another language before anything paints.
import './locale-redirect.ts';
import { applyQueryFlags } from './page-flags.ts';

const root = document.documentElement;
root.classList.remove('no-js');
root.classList.add('js');

const site = readSiteData();
applyTheme(isDark(toPreference(readStorage(site.storageKey)), systemPrefersDark(), site.darkMode), root);

// `?navbar=0` … hide parts; the outline is off inside a frame.
applyQueryFlags(window.location.search);

try {
  watchTabChoices(site.tabsStorageKey, root);
} catch {
  // No MutationObserver: the tabs show their default until <pm-tabs> upgrades.
}
