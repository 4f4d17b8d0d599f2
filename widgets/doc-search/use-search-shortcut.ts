// Ctrl/Cmd+K for <doc-search>: only the page's first <doc-search> answers it, also when it was pressed before
// the widget had loaded (widgets/index.ts marks <html> then).
import { useEffect } from 'react';
import { SEARCH_REQUESTED, isSearchShortcut } from './shortcut.ts';

export function useSearchShortcut(host: HTMLElement, toggle: () => void, show: () => void): void {
  useEffect(() => {
    const first = () => document.querySelector('doc-search') === host;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || !first()) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    if (document.documentElement.hasAttribute(SEARCH_REQUESTED) && first()) {
      document.documentElement.removeAttribute(SEARCH_REQUESTED);
      show();
    }
    return () => document.removeEventListener('keydown', onKey);
  }, [host, toggle, show]);
}
