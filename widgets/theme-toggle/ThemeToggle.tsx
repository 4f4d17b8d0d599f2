// <theme-toggle>: switches light and dark, remembers the choice, follows the system while on auto and
// follows other tabs; a circular reveal from the button when asked for and motion is welcome.
//
// Two scopes. On the docs site (or with `page-theme`), it switches the page: class `dark`, colour scheme and
// background on <html>, as the boot script does before first paint. Embedded elsewhere, the host page is the
// host's: it switches the widgets only (platform/widget-theme.ts) and reports the change in `theme-change`;
// "auto" then means "as the host page is" (its <html> class or data-theme, else the system).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { themeToggleAttributes, ElementEvents, ThemeChangeDetail } from '../../common/elements.ts';
import { ThemeToggleView } from '../../common/views/theme-toggle.tsx';
import { isDocsSite } from '../platform/docs-base.ts';
import type { WidgetProps } from '../platform/define.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { readStorage, writeStorage } from '../platform/storage.ts';
import { chooseWidgetTheme, pageTheme, subscribeWidgetTheme } from '../platform/widget-theme.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { canReveal, reveal } from './reveal.ts';
import { applyTheme, isDark, preferenceFor, systemPrefersDark, toPreference, type ThemePreference } from './theme.ts';

export function ThemeToggle({
  label,
  animate,
  storageKey,
  pageTheme: pageAttribute,
  widget,
}: WidgetProps<typeof themeToggleAttributes, ElementEvents['theme-toggle']>) {
  const site = readSiteData();
  const key = storageKey || site.storageKey;
  const page = pageAttribute ?? isDocsSite();
  const [preference, setPreference] = useState<ThemePreference>(() => toPreference(readStorage(key)));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  // What "auto" means: the system when this toggle owns the page, the host page's own scheme when it does not.
  const hostDark = useSyncExternalStore(subscribeWidgetTheme, () => pageTheme() === 'dark');
  const autoDark = page ? systemDark : hostDark;
  const dark = isDark(preference, autoDark, site.darkMode);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (page) {
      applyTheme(dark);
      return undefined;
    }
    chooseWidgetTheme(preference === 'auto' || !site.darkMode ? undefined : preference);
    return () => chooseWidgetTheme(undefined);
  }, [page, dark, preference, site.darkMode]);

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onSystem = () => setSystemDark(media.matches);
    // Another tab stored a new choice (key null: storage was cleared).
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setPreference(toPreference(event.newValue));
    };
    media.addEventListener('change', onSystem);
    window.addEventListener('storage', onStorage);
    setPreference(toPreference(readStorage(key)));
    return () => {
      media.removeEventListener('change', onSystem);
      window.removeEventListener('storage', onStorage);
    };
  }, [key]);

  const toggle = useCallback(() => {
    const nextDark = !dark;
    const next = preferenceFor(nextDark, autoDark);
    writeStorage(key, next);
    if (page) {
      const commit = () => {
        flushSync(() => setPreference(next));
        applyTheme(nextDark);
      };
      if (animate && canReveal()) reveal(button.current!, commit);
      else commit();
    } else {
      // The widgets only: no view transition, which would capture and animate the host's whole page.
      setPreference(next);
    }
    widget.emit('theme-change', { theme: nextDark ? 'dark' : 'light', preference: next } satisfies ThemeChangeDetail);
  }, [animate, autoDark, dark, key, page, widget]);

  if (!site.darkMode) return null;
  const name = label || widgetTexts(widgetLang(widget.host)).toggleThemeText;
  return <ThemeToggleView name={name} dark={dark} buttonRef={button} onClick={toggle} />;
}
