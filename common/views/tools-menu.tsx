// The markup of <tools-menu>'s shadow root: the grid button, and the popover listing the tool family as its
// child (the widget's, widgets/tools-menu/ToolsPanel.tsx). The widget (widgets/tools-menu/ToolsMenu.tsx)
// renders it with its handlers and the docs base; the navbar renders it at build time, without the popover
// (nothing shows it before the widget runs). Without JavaScript the button could not open the list: a link to
// the Rstack site stands in for it (the widget's CSS shows one or the other by the `scripting` media feature).
import type { FocusEvent, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { GridIcon } from '../icons.tsx';
import { RSTACK } from '../tools.ts';

export interface ToolsMenuViewProps {
  name: string;
  open: boolean;
  /** The popover's id, when there is one (`children`): the button controls it. */
  panelId?: string;
  /** Every URL (embedded, relative ones are the docs site's). */
  url?: (link: string) => string;
  /** The Rstack link (the no-JavaScript stand-in; the popover's header). */
  href?: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
  onToggle?: () => void;
  onEnter?: (event: PointerEvent) => void;
  onLeave?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  /** The popover, placed under the button. */
  children?: ReactNode;
}

export function ToolsMenuView(props: ToolsMenuViewProps) {
  const { name, open, panelId, url = (link) => link, href, buttonRef, onToggle, children } = props;
  return (
    <div
      className="tools-menu"
      onPointerEnter={props.onEnter}
      onPointerLeave={props.onLeave}
      onKeyDown={props.onKeyDown}
      onBlur={props.onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button tools-button"
        aria-label={name}
        title={name}
        aria-expanded={open}
        aria-controls={children ? panelId : undefined}
        onClick={onToggle}
      >
        <GridIcon />
      </button>
      <a
        className="icon-button tools-link"
        href={url(href || RSTACK.url)}
        aria-label={name}
        title={name}
        target="_blank"
        rel="noopener noreferrer"
      >
        <GridIcon />
      </a>
      {children}
    </div>
  );
}
