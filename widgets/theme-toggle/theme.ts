// Theme preference rules (spec §4), shared by the inline boot script and <theme-toggle>.

import type { ThemePreference } from '../../common/elements.ts';

export type { ThemePreference };

/** Any stored value other than light or dark counts as auto. */
export function toPreference(stored: string | null | undefined): ThemePreference {
  return stored === 'light' || stored === 'dark' ? stored : 'auto';
}

export function systemPrefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

/** Takes a stored value as it is: anything but 'light' or 'dark' (nothing stored, a stale value) is auto. */
export function isDark(
  preference: ThemePreference | string | null,
  systemDark: boolean,
  darkModeEnabled = true,
): boolean {
  if (!darkModeEnabled) return false;
  return preference === 'dark' || (preference !== 'light' && systemDark);
}

/** A choice that equals the system's is stored as auto, so the page follows the system again later. */
export function preferenceFor(dark: boolean, systemDark: boolean): ThemePreference {
  return dark === systemDark ? 'auto' : dark ? 'dark' : 'light';
}

/**
 * Theme class, colour scheme (form controls, scrollbars) and background, written inline as well: a host page
 * that embeds the widgets (page-theme) may not have our stylesheet, so the background falls back to --docs-bg's
 * value in styles/base.css. (The docs site's boot script sets only the class: its stylesheet does the rest.)
 */
export function applyTheme(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.style.backgroundColor = `var(--docs-bg, ${dark ? '#1b1b1f' : '#fff'})`;
}
