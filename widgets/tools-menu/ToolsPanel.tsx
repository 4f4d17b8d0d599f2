// <tools-menu>'s popover: the Rstack header link and the tool family, in the page's language, with its own
// stylesheet (popover.css, adopted while it is mounted). Only the running widget draws it, so it comes from
// panel-module.ts: at once on the docs site, on demand in the embed script (`embed-tools.js`).
import type { SyntheticEvent } from 'react';
import { MENU_TOOLS, RSTACK, toolText, type ToolCard } from '../../common/tools.ts';
import { useAdoptedStyles } from '../platform/use-adopted-styles.ts';
import styles from './popover.css?inline';

export interface ToolsPanelProps {
  id: string;
  open: boolean;
  language: string;
  /** The entries (the `items` attribute), or the built-in list. */
  tools?: readonly ToolCard[];
  /** Every URL of the list (embedded, relative ones are the docs site's). */
  url: (link: string) => string;
  /** The header's link. */
  href?: string;
  /** The shadow root the popover's stylesheet goes into. */
  root: ShadowRoot | null;
}

/** A logo that fails keeps its box (no shift) but not the broken-image glyph. */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => (event.currentTarget.style.visibility = 'hidden');

export function ToolsPanel({ id, open, language, tools = MENU_TOOLS, url, href, root }: ToolsPanelProps) {
  useAdoptedStyles(root, styles);
  return (
    <div className="popover" id={id} hidden={!open}>
      <a className="popover-title" href={url(href || RSTACK.url)} target="_blank" rel="noopener noreferrer">
        <img src={RSTACK.logo} alt="" width={24} height={24} loading="lazy" onError={hideBroken} />
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
                  onError={hideBroken}
                  style={tool.logoScale ? { transform: `scale(${tool.logoScale})` } : undefined}
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
  );
}
