// <theme-toggle>: switches light and dark, remembers the choice, follows the system while on auto and
// follows other tabs; a circular reveal from the button when asked for and motion is welcome.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { MoonIcon, SunIcon } from '../../common/icons.tsx';
import { themeToggleAttributes, type ElementEvents, type ThemeChangeDetail } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { readStorage, writeStorage } from '../platform/storage.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { applyTheme, isDark, preferenceFor, systemPrefersDark, toPreference, type ThemePreference } from './theme.ts';

const REVEAL_MS = 400;

function wantsMotion(): boolean {
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function ThemeToggle({ label, animate, storageKey, widget }: WidgetProps<typeof themeToggleAttributes, ElementEvents['theme-toggle']>) {
  const site = readSiteData();
  const key = storageKey || site.storageKey;
  const [preference, setPreference] = useState<ThemePreference>(() => toPreference(readStorage(key)));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  const dark = isDark(preference, systemDark, site.darkMode);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => applyTheme(dark), [dark]);

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
    const next = preferenceFor(nextDark, systemDark);
    writeStorage(key, next);
    const commit = () => {
      flushSync(() => setPreference(next));
      applyTheme(nextDark);
    };
    const start = document.startViewTransition?.bind(document);
    if (animate && start && wantsMotion()) {
      const rect = button.current!.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const radius = Math.hypot(Math.max(x, window.innerWidth - x), Math.max(y, window.innerHeight - y));
      const transition = start(commit);
      transition.ready
        .then(() =>
          document.documentElement.animate(
            { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
            { duration: REVEAL_MS, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
          ),
        )
        .catch(() => undefined); // Skipped transitions (hidden tab) still applied the theme.
    } else {
      commit();
    }
    widget.emit('theme-change', { theme: nextDark ? 'dark' : 'light', preference: next } satisfies ThemeChangeDetail);
  }, [animate, dark, key, systemDark, widget]);

  if (!site.darkMode) return null;
  const name = label || widgetTexts(widgetLang(widget.host)).toggleThemeText;
  return (
    <button ref={button} type="button" className="icon-button theme-button" aria-label={name} title={name} data-theme={dark ? 'dark' : 'light'} onClick={toggle}>
      {dark ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
