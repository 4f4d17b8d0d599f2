// Remembered tab choices (spec §4: per group id, under "<framework>.tabs.<group>"), applied straight to the
// server-rendered radio tabs. Shared by the inline boot script (restores before first paint) and <pm-tabs>.
import { readStorage } from '../platform/storage.ts';

/** Fired on `document` when a tab is chosen, so every <pm-tabs> of the group follows. */
export const TABS_CHANGE = 'docs:tabs-change';

export interface TabsChangeDetail {
  key: string;
  index: number;
}

export function tabsStorageKey(prefix: string, group: string): string {
  return `${prefix}.${group}`;
}

/** The radio inputs of the CSS-only tab strip inside a <pm-tabs> (its only inputs; written tight, as every page's boot script carries it). */
export function tabRadios(host: Element): HTMLInputElement[] {
  return [...host.querySelectorAll<HTMLInputElement>(':scope>.code-group>.tabs>input')];
}

export function storedIndex(key: string, count: number): number | undefined {
  const value = Number(readStorage(key) ?? NaN);
  return Number.isInteger(value) && value >= 0 && value < count ? value : undefined;
}

/**
 * Checks the remembered radio of one <pm-tabs>, whose block the page's CSS then shows, and selects the same tab
 * of its built tab strip (its declarative shadow root: common/views/pm-tabs.tsx), as the widget will.
 */
export function restoreChoice(host: Element, prefix: string): void {
  const group = host.getAttribute('group');
  if (!group) return;
  const key = host.getAttribute('storage-key') || tabsStorageKey(prefix, group);
  const radios = tabRadios(host);
  const index = storedIndex(key, radios.length);
  if (index === undefined) return;
  if (!radios[index].checked) radios[index].checked = true;
  host.shadowRoot?.querySelectorAll('[role=tab]').forEach((tab, i) => {
    tab.setAttribute('aria-selected', String(i === index));
    tab.setAttribute('tabindex', i === index ? '0' : '-1');
  });
  host.shadowRoot?.querySelector('[role=tabpanel]')?.setAttribute('aria-labelledby', `tab-${index}`);
}

/**
 * Restores every <pm-tabs> as the parser (or a client-side page swap) inserts it. Mutation callbacks run
 * before the next paint, so the remembered tab shows from the first frame.
 */
export function watchTabChoices(prefix: string, root: Node = document.documentElement): MutationObserver {
  const visit = (node: Node) => {
    if (!(node instanceof Element)) return;
    const inside = node.closest('pm-tabs[group]');
    if (inside) restoreChoice(inside, prefix);
    for (const el of node.querySelectorAll('pm-tabs[group]')) restoreChoice(el, prefix);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) visit(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}
