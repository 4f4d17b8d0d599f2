// The colour scheme each widget draws in (define.ts puts it on the element as `data-theme`, which the palette
// in palette.css keys on). In order: the element's `theme` attribute (light/dark); the choice of an embedded
// <theme-toggle> that switches the widgets only; the page's <html> — class `dark`/`light` or attribute
// `data-theme="dark|light"` (the docs site sets the class); else the system's prefers-color-scheme.
// Nothing here writes to the page: it only reads.

export type WidgetTheme = 'light' | 'dark';

const listeners = new Set<() => void>();
let chosen: WidgetTheme | undefined;
let stopWatching: (() => void) | undefined;

function systemDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

/** The page's own scheme: what its <html> says, else the system's. */
export function pageTheme(root: HTMLElement = document.documentElement): WidgetTheme {
  const attribute = root.getAttribute('data-theme');
  if (attribute === 'dark' || attribute === 'light') return attribute;
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return systemDark() ? 'dark' : 'light';
}

/** The scheme of a widget whose `theme` attribute is `attribute`. */
export function widgetTheme(attribute?: string): WidgetTheme {
  if (attribute === 'dark' || attribute === 'light') return attribute;
  return chosen ?? pageTheme();
}

/** Set by an embedded <theme-toggle> (undefined: back to following the page). */
export function chooseWidgetTheme(theme: WidgetTheme | undefined): void {
  if (chosen === theme) return;
  chosen = theme;
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Watches <html> and the system while anyone listens: one observer for all widgets. */
function watch(): () => void {
  const observer = new MutationObserver(notify);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', notify);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', notify);
  };
}

/** Calls `onChange` whenever any input of widgetTheme() may have changed. */
export function subscribeWidgetTheme(onChange: () => void): () => void {
  listeners.add(onChange);
  stopWatching ??= watch();
  return () => {
    listeners.delete(onChange);
    if (!listeners.size) {
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}
