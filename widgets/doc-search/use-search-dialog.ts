// The search modal's life: a native <dialog> opened with showModal (focus to the input, the engine started)
// and closed by Esc, Cancel, the backdrop, a result or Ctrl/Cmd+K, focus returning where it was. Only the
// page's first <doc-search> answers the shortcut, also when it was pressed before the widget had loaded.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchService } from './search-service.ts';
import { SEARCH_REQUESTED, isSearchShortcut } from './shortcut.ts';

/** The element that has focus, looking inside shadow roots (focus goes back there on close). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export function useSearchDialog(host: HTMLElement, service: SearchService | undefined) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    returnFocus.current = deepActiveElement();
    el.showModal();
    setOpen(true);
    void service?.init();
    input.current?.focus();
    input.current?.select();
  }, [service]);

  const hide = useCallback(() => {
    const el = dialog.current;
    if (el?.open) el.close();
  }, []);

  /** The dialog's close event, whatever closed it. */
  const onClose = () => {
    setOpen(false);
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };

  useEffect(() => {
    const first = () => document.querySelector('doc-search') === host;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || !first()) return;
      event.preventDefault();
      if (dialog.current?.open) hide();
      else show();
    };
    document.addEventListener('keydown', onKey);
    // Ctrl/Cmd+K pressed before this widget's code had loaded (widgets/index.ts marks it): open now.
    if (document.documentElement.hasAttribute(SEARCH_REQUESTED) && first()) {
      document.documentElement.removeAttribute(SEARCH_REQUESTED);
      show();
    }
    return () => document.removeEventListener('keydown', onKey);
  }, [host, show, hide]);

  return { dialog, input, open, show, hide, onClose };
}
