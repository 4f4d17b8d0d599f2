// Remembered tab choices (spec §4: per group id, under "<framework>.tabs.<group>"), applied straight to the
// server-rendered radio tabs and the built tab strip. Shared by the inline boot script (restores before first
// paint), the widget entry (after a client-side page change) and <pm-tabs>.

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
  return [...host.querySelectorAll<HTMLInputElement>(':scope>*>.tabs>input')];
}

export function storedIndex(key: string, count: number): number | undefined {
  // Read here, not with platform/storage.ts: importing that from this module (which the widget entry and the
  // <pm-tabs> chunk share) made the bundler put storage.ts in a chunk of its own that the entry has to wait for.
  // Private modes make localStorage throw.
  let value = '';
  try {
    value = localStorage.getItem(key) ?? '';
  } catch {
    // No storage: no remembered choice.
  }
  return /^\d+$/.test(value) && +value < count ? +value : undefined;
}

/**
 * Checks the remembered radio of one <pm-tabs>, whose block the page's CSS then shows, and selects the same tab
 * of its built tab strip (its declarative shadow root; ids as common/views/pm-tabs.tsx gives them), as the
 * widget will. Written tight: every page's boot script carries it.
 */
export function restoreChoice(host: Element, prefix: string): void {
  const group = host.getAttribute('group');
  const radios = tabRadios(host);
  const index = group
    ? storedIndex(host.getAttribute('storage-key') || tabsStorageKey(prefix, group), radios.length)
    : undefined;
  if (index === undefined) return;
  const root = host.shadowRoot;
  radios.forEach((radio, i) => {
    const tab = root?.getElementById(`tab-${i}`);
    radio.checked = i === index;
    if (tab) {
      tab.ariaSelected = `${i === index}`;
      tab.tabIndex = i === index ? 0 : -1;
    }
  });
  root?.getElementById('panel')?.setAttribute('aria-labelledby', `tab-${index}`);
}

/** Restores every <pm-tabs> of the page (a page the client router put in place: widgets/index.ts). */
export function restoreChoices(prefix: string): void {
  for (const el of document.querySelectorAll('pm-tabs[group]')) restoreChoice(el, prefix);
}

/**
 * Restores every <pm-tabs> in each frame while the page is parsed: a frame's animation callbacks run right
 * before it paints, so the remembered tab shows from the first frame. (A mutation observer did it per inserted
 * node, at twice the boot script's bytes.)
 */
export function restoreWhileLoading(prefix: string): void {
  const pass = () => {
    restoreChoices(prefix);
    if (document.readyState === 'loading') requestAnimationFrame(pass);
  };
  pass();
}
