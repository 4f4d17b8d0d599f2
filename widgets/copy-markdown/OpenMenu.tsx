// The "Open" menu button of <copy-markdown> (ARIA menu button): copy the Markdown link, open in ChatGPT,
// open in Claude. A click on the button toggles; a press outside, Escape (platform/use-popup.ts) or Tab closes.
// Its markup is common/views/copy-markdown.tsx's, which the page was also built with.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { OpenMenuView, type MenuEntry } from '../../common/views/copy-markdown.tsx';
import { usePopup } from '../platform/use-popup.ts';

/** A link item (opens in a new tab), or one whose `onSelect` runs. */
export interface MenuItem extends MenuEntry {
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
    <OpenMenuView
      label={label}
      items={items}
      open={open}
      menuId={menuId}
      buttonRef={button}
      entryRef={(i, el) => {
        entries.current[i] = el;
      }}
      onKeyDown={popup.onKeyDown}
      onButtonClick={() => setMenu(!open)}
      onButtonKey={onButtonKey}
      onMenuKey={onMenuKey}
      onSelect={(i) => select(items[i])}
    />
  );
}
