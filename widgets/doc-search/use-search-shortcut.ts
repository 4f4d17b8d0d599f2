// Ctrl/Cmd+K for <doc-search>: only the page's first <doc-search> answers it, also when it was pressed before
// the widget had loaded (widgets/index.ts marks <html> then).
import { useEffect, useLayoutEffect, useState } from 'react';
import { SEARCH_REQUESTED, isSearchShortcut } from './shortcut.ts';

const isFirst = (host: HTMLElement) => document.querySelector('doc-search') === host;

export function useSearchShortcut(host: HTMLElement, toggle: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || !isFirst(host)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [host, toggle]);
}

/**
 * True when Ctrl/Cmd+K or a click came before the element had loaded: the page's first <doc-search> then opens
 * in its first render, with no closed render and frame before it. The mark is taken away in that commit.
 */
export function useSearchRequest(host: HTMLElement): boolean {
  const [requested] = useState(() => document.documentElement.hasAttribute(SEARCH_REQUESTED) && isFirst(host));
  useLayoutEffect(() => {
    if (requested) document.documentElement.removeAttribute(SEARCH_REQUESTED);
  }, [requested]);
  return requested;
}
