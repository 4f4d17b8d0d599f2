// Theme switching before <theme-toggle> has upgraded (its React code loads when the browser is idle): a
// click on the server-rendered button switches the theme by the same rules, with the same reveal (reveal.ts),
// and an auto theme follows the system and other tabs from the first moment. Idempotent with the widget, which
// does the same.
import { once } from '../content/once.ts';
import { isDocsSite } from '../platform/docs-base.ts';
import { readStorage, writeStorage } from '../platform/storage.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { canReveal, reveal } from './reveal.ts';
import { applyTheme, isDark, preferenceFor, systemPrefersDark } from './theme.ts';

function storageKey(host?: Element | null): string {
  return host?.getAttribute('storage-key') || readSiteData().storageKey;
}

function current(key: string): boolean {
  return isDark(readStorage(key), systemPrefersDark(), readSiteData().darkMode);
}

export function installEarlyTheme(): void {
  once('early-theme', () => {
    document.addEventListener('click', (event) => {
      // The button is in the element's built shadow root (or, embedded without one, its light DOM).
      const inner = event.composedPath()[0];
      const button = inner instanceof Element ? inner.closest('.theme-button') : null;
      const host = button && event.target instanceof Element ? event.target.closest('theme-toggle') : null;
      if (!host || host.hasAttribute('data-upgraded')) return;
      const key = storageKey(host);
      const dark = !current(key);
      writeStorage(key, preferenceFor(dark, systemPrefersDark()));
      // As the widget does: the circular reveal when the element asks for it (`animate`, a boolean attribute).
      const animate = host.getAttribute('animate');
      if (animate !== null && animate !== 'false' && canReveal()) reveal(button as HTMLElement, () => applyTheme(dark));
      else applyTheme(dark);
    });
    // The docs site's page only (site data on <html>): a host page's theme is never ours to set.
    const reapply = () => isDocsSite() && applyTheme(current(storageKey(document.querySelector('theme-toggle'))));
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', reapply);
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === storageKey(document.querySelector('theme-toggle'))) reapply();
    });
  });
}
