// <tools-menu>: a grid-icon button whose popover (bottom-left, no arrow) lists the tool family. Opens
// 0.1 s after the pointer arrives, or on click / Enter; closes 0.1 s after it leaves, on Escape, or when
// focus moves away (spec §2.10, §9).
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import { GridIcon } from '../../common/icons.tsx';
import { attr } from '../platform/attributes.ts';
import type { WidgetProps } from '../platform/define.ts';
import { langFromPath, widgetTexts } from '../platform/lang.ts';
import { MENU_TOOLS, parseToolCards, RSTACK, toolText } from '../../common/tools.ts';

/** A logo that fails keeps its box (no shift) but not the broken-image glyph. */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => (event.currentTarget.style.visibility = 'hidden');

export const toolsMenuAttributes = {
  /** Language of the descriptions; default: Chinese when the path contains "zh", else English. */
  lang: attr.string,
  /** The entries, as JSON tool cards (name, desc, descEn, logo, logoScale, url, urlEn, urlText). */
  items: attr.json(parseToolCards),
  /** Accessible name of the button. */
  label: attr.string,
  /** The popover header's link (the organisation's code repository). */
  href: attr.string,
};

/** Spec §9: tooltip/popover hover delays. */
export const OPEN_DELAY_MS = 100;
export const CLOSE_DELAY_MS = 100;

export function ToolsMenu({ lang, items, label, href, widget }: WidgetProps<typeof toolsMenuAttributes>) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const language = langFromPath(lang);
  const tools = items ?? MENU_TOOLS;
  const name = label || widgetTexts(language).toolsMenuText;

  const current = useRef(false);
  const show = (next: boolean) => {
    clearTimeout(timer.current);
    if (current.current === next) return;
    current.current = next;
    setOpen(next);
    widget.emit('menu-toggle', { open: next });
  };
  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => show(next), next ? OPEN_DELAY_MS : CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Hover only for a mouse: a touch's synthetic enter would otherwise fight the tap's toggle.
  const onEnter = (event: PointerEvent) => event.pointerType === 'mouse' && later(true);
  const onLeave = (event: PointerEvent) => event.pointerType === 'mouse' && later(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      show(false);
      button.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) show(false);
  };

  return (
    <div className="tools-menu" onPointerEnter={onEnter} onPointerLeave={onLeave} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="icon-button tools-button"
        aria-label={name}
        title={name}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => show(!open)}
      >
        <GridIcon />
      </button>
      <div className="popover" id={panelId} hidden={!open}>
        <a className="popover-title" href={href || RSTACK.url} target="_blank" rel="noopener noreferrer">
          <img src={RSTACK.logo} alt="" width={24} height={24} onError={hideBroken} />
          <span>{RSTACK.name}</span>
        </a>
        <ul>
          {tools.map((tool) => {
            const text = toolText(tool, language);
            return (
              <li key={tool.name}>
                <a href={text.url} target="_blank" rel="noopener noreferrer">
                  <img src={tool.logo} alt="" width={32} height={32} loading="lazy" onError={hideBroken} style={tool.logoScale ? { transform: `scale(${tool.logoScale})` } : undefined} />
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
    </div>
  );
}
