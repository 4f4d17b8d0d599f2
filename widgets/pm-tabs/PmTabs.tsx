// <pm-tabs>: package-manager command tabs (ARIA tabs pattern) over the server-rendered radio tab group.
// The code blocks stay in the light DOM (slotted), so page styles and the code copy buttons keep working.
// Its markup is common/views/pm-tabs.tsx's, which the Markdown renderer builds the page with.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { pmTabsAttributes, ElementEvents, TabChangeDetail } from '../../common/elements.ts';
import { PmTabsView } from '../../common/views/pm-tabs.tsx';
import type { WidgetProps } from '../platform/define.ts';
import { writeStorage } from '../platform/storage.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { storedIndex, TABS_CHANGE, tabRadios, tabsStorageKey, type TabsChangeDetail } from './choice.ts';

function fallbackLabels(radios: HTMLInputElement[]): string[] {
  return radios.map((radio, i) => radio.labels?.[0]?.textContent?.trim() || String(i + 1));
}

export function PmTabs({
  group,
  labels,
  storageKey,
  widget,
}: WidgetProps<typeof pmTabsAttributes, ElementEvents['pm-tabs']>) {
  const { host } = widget;
  const radios = tabRadios(host);
  const names = labels ?? fallbackLabels(radios);
  const count = Math.min(names.length, radios.length || names.length);
  const key = group ? storageKey || tabsStorageKey(readSiteData().tabsStorageKey, group) : undefined;
  const [selected, setSelected] = useState(() => {
    const remembered = key ? storedIndex(key, count) : undefined;
    return (
      remembered ??
      Math.max(
        0,
        radios.findIndex((r) => r.checked),
      )
    );
  });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // Keys pressed faster than React re-renders still move from the latest choice.
  const current = useRef(selected);
  current.current = selected;

  // Before paint: the shadow strip replaces the radio strip, and only the chosen block shows. The radio
  // is kept in step so the page's CSS agrees; `hidden` does it on pages without that CSS (embeds).
  useLayoutEffect(() => {
    const radio = tabRadios(host)[selected];
    if (radio && !radio.checked) radio.checked = true;
    const blocks = host.querySelectorAll<HTMLElement>(':scope > .code-group > .blocks > *');
    blocks.forEach((block, i) => (block.hidden = i !== selected));
  }, [host, selected]);

  useLayoutEffect(() => {
    const strip = host.querySelector<HTMLElement>(':scope > .code-group > .tabs');
    if (strip) strip.hidden = true;
    return () => {
      if (strip) strip.hidden = false;
    };
  }, [host]);

  useEffect(() => {
    if (!key) return;
    const follow = (index: number | undefined) => {
      if (index !== undefined && index < count) setSelected(index);
    };
    const onPage = (event: Event) => {
      const detail = (event as CustomEvent<TabsChangeDetail>).detail;
      if (detail?.key === key) follow(detail.index);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) follow(storedIndex(key, count));
    };
    document.addEventListener(TABS_CHANGE, onPage);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener(TABS_CHANGE, onPage);
      window.removeEventListener('storage', onStorage);
    };
  }, [key, count]);

  const choose = useCallback(
    (index: number, focus: boolean) => {
      current.current = index;
      setSelected(index);
      if (focus) tabs.current[index]?.focus();
      if (key) {
        writeStorage(key, String(index));
        document.dispatchEvent(new CustomEvent<TabsChangeDetail>(TABS_CHANGE, { detail: { key, index } }));
      }
      widget.emit('tab-change', { group: group ?? '', index, label: names[index] } satisfies TabChangeDetail);
    },
    [group, key, names, widget],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const from = current.current;
    const moves: Record<string, number> = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose((moves[event.key] + count) % count, true);
  };

  return (
    <PmTabsView
      names={names.slice(0, count)}
      selected={selected}
      group={group}
      onKeyDown={onKeyDown}
      onChoose={(i) => choose(i, false)}
      tabRef={(i, el) => {
        tabs.current[i] = el;
      }}
    />
  );
}
