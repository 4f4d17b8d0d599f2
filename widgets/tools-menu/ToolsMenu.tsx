// <tools-menu>: a grid-icon button whose popover (bottom-left, no arrow) lists the tool family. Opens
// 0.1 s after the pointer arrives, or on click / Enter; closes 0.1 s after it leaves, on Escape, or when
// focus moves away (spec §2.10, §9).
import { useId, type FocusEvent, type PointerEvent, type SyntheticEvent } from 'react';
import { GridIcon } from '../../common/icons.tsx';
import { toolsMenuAttributes, type ElementEvents } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { langFromPath, widgetTexts } from '../platform/lang.ts';
import { docsBase, docsUrl } from '../platform/docs-base.ts';
import { usePopup } from '../platform/use-popup.ts';
import { MENU_TOOLS, RSTACK, toolText } from '../../common/tools.ts';

/** A logo that fails keeps its box (no shift) but not the broken-image glyph. */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => (event.currentTarget.style.visibility = 'hidden');

/** Spec §9: tooltip/popover hover delays. */
export const OPEN_DELAY_MS = 100;
export const CLOSE_DELAY_MS = 100;

export function ToolsMenu({ lang, items, label, href, docsBase: baseAttribute, widget }: WidgetProps<typeof toolsMenuAttributes, ElementEvents['tools-menu']>) {
  const popup = usePopup({ host: widget.host, onToggle: (open) => widget.emit('menu-toggle', { open }) });
  const { open, button } = popup;
  const panelId = useId();
  const language = langFromPath(lang);
  const tools = items ?? MENU_TOOLS;
  const name = label || widgetTexts(language).toolsMenuText;
  // Embedded, relative URLs (in `href` or `items`) are the docs site's.
  const base = docsBase(baseAttribute, widget.host.localName);
  const url = (link: string) => docsUrl(link, base);

  // Hover only for a mouse: a touch's synthetic enter would otherwise fight the tap's toggle.
  const onEnter = (event: PointerEvent) => event.pointerType === 'mouse' && popup.later(true, OPEN_DELAY_MS);
  const onLeave = (event: PointerEvent) => event.pointerType === 'mouse' && popup.later(false, CLOSE_DELAY_MS);
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) popup.set(false);
  };

  return (
    <div className="tools-menu" onPointerEnter={onEnter} onPointerLeave={onLeave} onKeyDown={popup.onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="icon-button tools-button"
        aria-label={name}
        title={name}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => popup.set(!open)}
      >
        <GridIcon />
      </button>
      <div className="popover" id={panelId} hidden={!open}>
        <a className="popover-title" href={url(href || RSTACK.url)} target="_blank" rel="noopener noreferrer">
          <img src={RSTACK.logo} alt="" width={24} height={24} onError={hideBroken} />
          <span>{RSTACK.name}</span>
        </a>
        <ul>
          {tools.map((tool) => {
            const text = toolText(tool, language);
            return (
              <li key={tool.name}>
                <a href={url(text.url)} target="_blank" rel="noopener noreferrer">
                  <img src={url(tool.logo)} alt="" width={32} height={32} loading="lazy" onError={hideBroken} style={tool.logoScale ? { transform: `scale(${tool.logoScale})` } : undefined} />
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
