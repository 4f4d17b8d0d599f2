// The search shortcut (Ctrl/Cmd+K), shared by <doc-search> and the page entry that loads it on demand.

/** Set on <html> when the shortcut came before <doc-search> had loaded; the widget opens on mount. */
export const SEARCH_REQUESTED = 'data-search-requested';

export function isSearchShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
