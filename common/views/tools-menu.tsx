// The markup of <tools-menu>'s shadow root: the grid button and its popover (closed until opened) listing the
// tool family. The widget (widgets/tools-menu/ToolsMenu.tsx) renders it with its handlers and the docs base;
// the navbar renders it at build time. Without JavaScript the button could not open the list: a link to the
// Rstack site stands in for it (the widget's CSS shows one or the other by the `scripting` media feature).
import type { CSSProperties, FocusEvent, KeyboardEvent, PointerEvent, SyntheticEvent } from 'react';
import { GridIcon } from '../icons.tsx';
import { RSTACK, toolText, type ToolCard } from '../tools.ts';

export interface ToolsMenuViewProps {
  name: string;
  language: string;
  tools: readonly ToolCard[];
  open: boolean;
  panelId: string;
  /** Whether to render the list: the built page leaves it out (nothing shows it before the widget runs, which renders it). */
  withPanel?: boolean;
  /** Every URL of the list (embedded, relative ones are the docs site's). */
  url?: (link: string) => string;
  /** The Rstack link at the top of the list. */
  href?: string;
  buttonRef?: React.Ref<HTMLButtonElement>;
  onToggle?: () => void;
  onEnter?: (event: PointerEvent) => void;
  onLeave?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onImageError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** A logo's scale, as a style property: set by the widget only (the built page has no style attributes). */
  logoStyle?: (tool: ToolCard) => CSSProperties | undefined;
}

export function ToolsMenuView(props: ToolsMenuViewProps) {
  const {
    name,
    language,
    tools,
    open,
    panelId,
    withPanel = true,
    url = (link) => link,
    href,
    buttonRef,
    onToggle,
    onImageError,
    logoStyle,
  } = props;
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
        aria-controls={withPanel ? panelId : undefined}
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
      {withPanel && (
        <div className="popover" id={panelId} hidden={!open}>
          <a className="popover-title" href={url(href || RSTACK.url)} target="_blank" rel="noopener noreferrer">
            <img src={RSTACK.logo} alt="" width={24} height={24} loading="lazy" onError={onImageError} />
            <span>{RSTACK.name}</span>
          </a>
          <ul>
            {tools.map((tool) => {
              const text = toolText(tool, language);
              return (
                <li key={tool.name}>
                  <a href={url(text.url)} target="_blank" rel="noopener noreferrer">
                    <img
                      src={url(tool.logo)}
                      alt=""
                      width={32}
                      height={32}
                      loading="lazy"
                      onError={onImageError}
                      style={logoStyle?.(tool)}
                    />
                    <span className="tool-text">
                      <span className="tool-name">{tool.name}</span>
                      <span className="tool-desc">{text.desc}</span>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
