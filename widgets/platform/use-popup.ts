// The open/close behaviour every popup widget shares (the <copy-markdown> "Open" menu, the <tools-menu>
// popover): one open state that reports each real change, closing on a press outside the element or on
// Escape (focus back to the button), and optional delayed opening/closing for hover.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface PopupOptions {
  /** The custom element: presses inside it (its shadow root included) are not "outside". */
  host: HTMLElement;
  /** Called once per change of the open state. */
  onToggle?: (open: boolean) => void;
}

export interface Popup {
  open: boolean;
  /** Opens or closes now (cancels a pending delayed change). */
  set(open: boolean): void;
  /** Opens or closes after `delayMs`, unless another change comes first. */
  later(open: boolean, delayMs: number): void;
  /** Closes; with `focusButton`, focus goes back to the button (Escape, a chosen item). */
  close(focusButton: boolean): void;
  /** The element that toggles the popup. */
  button: React.RefObject<HTMLButtonElement | null>;
  /** For the element that wraps the button and the popup: Escape closes and focuses the button. */
  onKeyDown(event: KeyboardEvent): void;
}

export function usePopup({ host, onToggle }: PopupOptions): Popup {
  const [open, setOpen] = useState(false);
  const current = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const toggled = useRef(onToggle);
  toggled.current = onToggle;

  const set = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    if (current.current === next) return;
    current.current = next;
    setOpen(next);
    toggled.current?.(next);
  }, []);

  const later = useCallback(
    (next: boolean, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => set(next), delayMs);
    },
    [set],
  );

  const close = useCallback(
    (focusButton: boolean) => {
      set(false);
      if (focusButton) button.current?.focus();
    },
    [set],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return undefined;
    // Events from inside the shadow root are retargeted to the host: "outside" means not within it.
    const onPress = (event: PointerEvent) => {
      if (!event.composedPath().includes(host)) set(false);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open, host, set]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !current.current) return;
    event.preventDefault();
    close(true);
  };

  return { open, set, later, close, button, onKeyDown };
}
