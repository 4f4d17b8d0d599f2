// <tools-menu>: a grid-icon button whose popover (bottom-left, no arrow) lists the tool family. Opens
// 0.1 s after the pointer arrives, or on click / Enter; closes 0.1 s after it leaves, on Escape, or when
// focus moves away (spec §2.10, §9). Its markup is common/views/tools-menu.tsx's, which the navbar is built
// with; the popover (ToolsPanel.tsx) comes from panel-module.ts: at once on the docs site, on demand in the
// embed script (when the browser is idle or the reader reaches for the menu; opened before it came, it shows
// on arrival).
import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { ToolsMenuView } from '../../common/views/tools-menu.tsx';
import type { toolsMenuAttributes, ElementEvents } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { langFromPath, widgetTexts } from '../platform/lang.ts';
import { docsBase, docsUrl } from '../platform/docs-base.ts';
import { usePopup } from '../platform/use-popup.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { loadToolsPanel, readyPanel, type ToolsPanelComponent } from './panel-module.ts';

/** Spec §9: tooltip/popover hover delays. */
export const OPEN_DELAY_MS = 100;
export const CLOSE_DELAY_MS = 100;

/** The popover component: here at once, or loaded when idle or on `load()`. */
function usePanelModule(): { Panel: ToolsPanelComponent | undefined; load(): void } {
  const [Panel, setPanel] = useState(() => readyPanel);
  const [load] = useState(() => () => {
    loadToolsPanel().then(
      (component) => setPanel(() => component),
      (error: unknown) =>
        console.error(
          `<tools-menu>: could not load its list (${error instanceof Error ? error.message : String(error)})`,
        ),
    );
  });
  useEffect(() => (readyPanel ? undefined : whenIdle(load)), [load]);
  return { Panel, load };
}

export function ToolsMenu({
  lang,
  items,
  label,
  href,
  docsBase: baseAttribute,
  widget,
}: WidgetProps<typeof toolsMenuAttributes, ElementEvents['tools-menu']>) {
  const { Panel, load } = usePanelModule();
  /** The mouse is on the menu, which opens it unless a click does first. */
  const hovering = useRef(false);
  /** The menu is open because the mouse came to rest on it: the click that often follows must not shut it. */
  const hoverOpened = useRef(false);
  const popup = usePopup({
    host: widget.host,
    onToggle: (open) => {
      if (open) load();
      hoverOpened.current = open && hovering.current;
      widget.emit('menu-toggle', { open });
    },
  });
  const { open, button } = popup;
  const panelId = useId();
  const language = langFromPath(lang);
  const name = label || widgetTexts(language).toolsMenuText;
  // Embedded, relative URLs (in `href` or `items`) are the docs site's.
  const base = docsBase(baseAttribute, widget.host.localName);
  const url = (link: string) => docsUrl(link, base);

  // Hover only for a mouse: a touch's synthetic enter would otherwise fight the tap's toggle.
  const onEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = true;
    popup.later(true, OPEN_DELAY_MS);
  };
  const onLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = false;
    popup.later(false, CLOSE_DELAY_MS);
  };
  // The site loads this widget because the pointer rests on the element, so it arrives under a pointer that no
  // longer moves, and browsers (WebKit; Chromium too while the pointer stays put) send the new markup no
  // pointerenter until it moves: a mouse still resting on the menu when its hover delay is over opens it.
  const { set } = popup;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!widget.host.matches(':hover') || !matchMedia('(hover: hover)').matches) return;
      hovering.current = true;
      set(true);
    }, OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [widget.host, set]);
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) popup.set(false);
  };

  return (
    <ToolsMenuView
      name={name}
      open={open}
      panelId={panelId}
      url={url}
      href={href}
      buttonRef={button}
      onToggle={() => {
        // A click on the menu the resting mouse opened keeps it open (the reader clicks what they saw opening);
        // the next one closes it.
        const keep = open && hoverOpened.current;
        hovering.current = false;
        hoverOpened.current = false;
        if (!keep) popup.set(!open);
      }}
      onEnter={onEnter}
      onLeave={onLeave}
      onKeyDown={popup.onKeyDown}
      onBlur={onBlur}
    >
      {Panel && (
        <Panel
          id={panelId}
          open={open}
          language={language}
          tools={items}
          url={url}
          href={href}
          root={widget.host.shadowRoot}
        />
      )}
    </ToolsMenuView>
  );
}
