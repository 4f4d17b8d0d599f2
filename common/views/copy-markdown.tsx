// The markup of <copy-markdown>'s shadow root: the Copy Markdown button, the "Open" menu button with its menu
// (closed until opened), and a status line. The widget (widgets/copy-markdown/) renders it with its state and
// handlers; the doc layout renders it at build time, so the page paints the control before any script.
// Without JavaScript the copy button would be dead: a link to the page's Markdown stands in for it (the
// widget's CSS shows one or the other by the `scripting` media feature), and the menu button is hidden.
import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronIcon } from '../icons.tsx';

export type CopyState = 'idle' | 'loading' | 'success' | 'error';

export interface MenuEntry {
  label: string;
  /** A link item (opens in a new tab); otherwise a button. */
  href?: string;
}

export interface OpenMenuViewProps {
  label: string;
  items: MenuEntry[];
  open: boolean;
  menuId: string;
  /** Whether to render the menu: the built page leaves it out (nothing shows it before the widget runs, which renders it). */
  withMenu?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
  entryRef?: (index: number, el: HTMLElement | null) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onButtonClick?: () => void;
  onButtonKey?: (event: KeyboardEvent) => void;
  onMenuKey?: (event: KeyboardEvent) => void;
  onSelect?: (index: number) => void;
}

export function OpenMenuView({
  label,
  items,
  open,
  menuId,
  withMenu = true,
  buttonRef,
  entryRef,
  onKeyDown,
  onButtonClick,
  onButtonKey,
  onMenuKey,
  onSelect,
}: OpenMenuViewProps) {
  return (
    <div className="menu-wrap" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="open-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={withMenu ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKey}
      >
        <span>{label}</span>
        <ChevronIcon />
      </button>
      {withMenu && (
        <div className="menu" role="menu" id={menuId} aria-label={label} hidden={!open} onKeyDown={onMenuKey}>
          {items.map((item, i) => {
            const ref = entryRef ? (el: HTMLElement | null) => entryRef(i, el) : undefined;
            const onClick = onSelect ? () => onSelect(i) : undefined;
            return item.href ? (
              <a
                key={item.label}
                ref={ref}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onClick}
              >
                {item.label}
              </a>
            ) : (
              <button key={item.label} ref={ref} role="menuitem" tabIndex={-1} type="button" onClick={onClick}>
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

export interface CopyMarkdownViewProps {
  state: CopyState;
  status: string;
  copyLabel: string;
  /** The page's Markdown: the link that stands in for the button without JavaScript. */
  markdownHref: string;
  onCopy?: () => void;
  menu: ReactNode;
}

export function CopyMarkdownView({ state, status, copyLabel, markdownHref, onCopy, menu }: CopyMarkdownViewProps) {
  return (
    <div className="copy-markdown" data-state={state}>
      <button
        type="button"
        className="copy-button"
        disabled={state === 'loading'}
        aria-busy={state === 'loading'}
        onClick={onCopy}
      >
        <span className="icon" aria-hidden="true" />
        <span>{copyLabel}</span>
      </button>
      <a className="copy-button copy-link" href={markdownHref}>
        <span className="icon" aria-hidden="true" />
        <span>Markdown</span>
      </a>
      {menu}
      <span className="status" role="status">
        {status}
      </span>
    </div>
  );
}
