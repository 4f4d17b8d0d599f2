// The search modal's life: a native <dialog> shown with showModal when the reader asks (focus to the input,
// the engine started) and closed by Esc, Cancel, the backdrop, a result or Ctrl/Cmd+K, focus returning where
// it was. The asking (button, shortcut) is DocSearch.tsx's; this follows its `open`.
import { startTransition, useCallback, useLayoutEffect, useRef } from 'react';
import type { SearchService } from './search-service.ts';

/** The element that has focus, looking inside shadow roots (focus goes back there on close). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

interface Options {
  open: boolean;
  onClose(): void;
  service: SearchService | undefined;
}

export function useSearchDialog({ open, onClose, service }: Options) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const current = useRef(service);
  current.current = service;

  // In the commit that asks for it: the modal shows (and takes focus) in the same task as the key or click.
  // Only a change of `open` acts: the dialog's own close event comes a task after close(), and a render in
  // between (a new language) must not show it again.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const service = current.current;
    if (open && !el.open) {
      returnFocus.current = deepActiveElement();
      el.showModal();
      // The engine starts now; its state ('initing': the list's aria-busy) renders in a task of its own, not in
      // the key's, which what the reader types next waits for.
      startTransition(() => void service?.init());
      input.current?.focus();
      input.current?.select();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  const hide = useCallback(() => {
    if (dialog.current?.open) dialog.current.close();
  }, []);

  /** The dialog's close event, whatever closed it; none for a dialog open again since (a late event). */
  const close = () => {
    if (dialog.current?.open) return;
    onClose();
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };

  return { dialog, input, hide, onClose: close };
}
