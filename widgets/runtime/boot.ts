// Runs inline at the top of <head>, before first paint: theme class and colour scheme, the "hide" query
// parameters, and the `js` class. Must never throw (private mode makes localStorage throw).
import { readSiteData } from './site-data.ts';

const root = document.documentElement;
root.classList.remove('no-js');
root.classList.add('js');

const site = readSiteData();

function storedTheme(): string {
  try {
    return localStorage.getItem(site.storageKey) ?? 'auto';
  } catch {
    return 'auto';
  }
}

const pref = storedTheme();
const dark =
  site.darkMode && (pref === 'dark' || (pref !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches));
root.classList.toggle('dark', dark);
root.style.colorScheme = dark ? 'dark' : 'light';

const query = new URLSearchParams(window.location.search);
for (const part of ['navbar', 'sidebar', 'outline', 'footer', 'globalUIComponents']) {
  if (query.get(part) === '0') root.classList.add(`hide-${part.toLowerCase()}`);
}
