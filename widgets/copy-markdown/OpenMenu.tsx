// The "Open" menu button of <copy-markdown> (ARIA menu button): copy the Markdown link, open in ChatGPT,
// open in Claude. A click on the button toggles; a press outside, Escape (platform/use-popup.ts) or Tab closes.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { ChevronIcon } from '../../common/icons.tsx';
import { usePopup } from '../platform/use-popup.ts';

export interface MenuItem {
  label: string;
  /** A link item (opens in a new tab); otherwise `onSelect` runs. */
  href?: string;
  onSelect?: () => void;
}

interface Props {
  label: string;
  items: MenuItem[];
  host: HTMLElement;
  onToggle?: (open: boolean) => void;
}

export function OpenMenu({ label, items, host, onToggle }: Props) {
  const popup = usePopup({ host, onToggle });
  const { open, button } = popup;
  const entries = useRef<(HTMLElement | null)[]>([]);
  const pendingFocus = useRef<number | null>(null);
  const menuId = useId();

  const setMenu = (next: boolean, focusIndex: number | null = null) => {
    pendingFocus.current = focusIndex;
    popup.set(next);
  };

  useEffect(() => {
    if (open && pendingFocus.current !== null) entries.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const close = popup.close;

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setMenu(true, event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const current = entries.current.findIndex((el) => el === (host.shadowRoot?.activeElement ?? null));
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      entries.current[(moves[event.key] + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setMenu(false);
    }
  };

  const select = (item: MenuItem) => {
    close(!item.href);
    item.onSelect?.();
  };

  return (
    <div className="menu-wrap" onKeyDown={popup.onKeyDown}>
      <button
        ref={button}
        type="button"
        className="open-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setMenu(!open)}
        onKeyDown={onButtonKey}
      >
        <span>{label}</span>
        <ChevronIcon />
      </button>
      <div className="menu" role="menu" id={menuId} aria-label={label} hidden={!open} onKeyDown={onMenuKey}>
        {items.map((item, i) => {
          const ref = (el: HTMLElement | null) => {
            entries.current[i] = el;
          };
          return item.href ? (
            <a key={item.label} ref={ref} role="menuitem" tabIndex={-1} href={item.href} target="_blank" rel="noopener noreferrer" onClick={() => select(item)}>
              {item.label}
            </a>
          ) : (
            <button key={item.label} ref={ref} role="menuitem" tabIndex={-1} type="button" onClick={() => select(item)}>
              {item.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
