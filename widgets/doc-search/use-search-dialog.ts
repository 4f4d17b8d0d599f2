// The search modal's life: a native <dialog> shown with showModal when the reader asks (focus to the input,
// the engine started) and closed by Esc, Cancel, the backdrop, a result or Ctrl/Cmd+K, focus returning where
// it was. The asking (button, shortcut) is DocSearch.tsx's: it calls `show` (through the dialog's `controls`),
// and this follows its `open`.
import { useLayoutEffect, useRef } from 'react';
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

  /** Shows the modal now (focus to the input, the engine started); false while the dialog is not rendered. */
  const show = (): boolean => {
    const el = dialog.current;
    if (!el) return false;
    if (!el.open) {
      returnFocus.current = deepActiveElement();
      el.showModal();
      void current.current?.init();
      input.current?.focus();
      input.current?.select();
    }
    return true;
  };

  // `open` as rendered: DocSearch shows the modal through `show` in the key's or click's own task, and the
  // state follows; a dialog that arrives after it was asked for (the embed script's) opens in this commit.
  // Only a change of `open` acts: the dialog's own close event comes a task after close(), and a render in
  // between (a new language) must not show it again.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) show();
    else if (!open && el.open) el.close();
  }, [open]);

  const hide = () => {
    if (dialog.current?.open) dialog.current.close();
  };

  /** The dialog's close event, whatever closed it. */
  const close = () => {
    onClose();
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };

  return { dialog, input, show, hide, onClose: close };
}
