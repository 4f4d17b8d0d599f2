// <overview-filter>: filters the server-rendered overview list around it (layouts/parts/Overview.tsx).
// Matches group names, page titles and heading texts (nested ones too: an API name under its section),
// ignoring case and treating hyphens as spaces; shows "No matching API found {query}" when nothing is left.
// The input is focused on load.

/** Lower case, hyphens as spaces, runs of spaces collapsed. */
export function normalizeFilterText(text: string): string {
  return text.toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

const matches = (el: Element | null, query: string) =>
  !!el && normalizeFilterText(el.textContent ?? '').includes(query);

/**
 * Shows the headings of a list that match (with everything under them), and those holding a match (with
 * just that); `all` shows every one. Returns how many stay visible.
 */
function filterHeadings(list: Element | null, query: string, all: boolean): number {
  let shown = 0;
  for (const item of list?.querySelectorAll<HTMLElement>(':scope > li') ?? []) {
    const own = all || matches(item.querySelector(':scope > a'), query);
    const inner = filterHeadings(item.querySelector(':scope > ul'), query, own);
    item.hidden = !own && inner === 0;
    if (!item.hidden) shown++;
  }
  return shown;
}

export class OverviewFilter extends HTMLElement {
  #input?: HTMLInputElement;

  connectedCallback(): void {
    this.#input = this.querySelector('input') ?? undefined;
    if (!this.#input) return;
    this.#input.addEventListener('input', this.#filter);
    this.#input.focus({ preventScroll: true });
    if (this.#input.value) this.#filter();
  }

  disconnectedCallback(): void {
    this.#input?.removeEventListener('input', this.#filter);
  }

  #filter = (): void => {
    const raw = this.#input?.value.trim() ?? '';
    const query = normalizeFilterText(raw);
    const section = this.closest('.overview') ?? this.parentElement;
    let shown = 0;
    for (const group of section?.querySelectorAll<HTMLElement>('.overview-group') ?? []) {
      // The name is on the group itself: its heading may be the page's own, with a permalink inside.
      const groupHit = normalizeFilterText(group.dataset.group ?? '').includes(query);
      let cards = 0;
      for (const card of group.querySelectorAll<HTMLElement>('.overview-card')) {
        // A matching page or group shows all its headings; otherwise only the matching ones.
        const titleHit = groupHit || matches(card.querySelector('h3'), query);
        const headers = filterHeadings(card.querySelector(':scope > ul'), query, titleHit);
        card.hidden = !titleHit && headers === 0;
        if (!card.hidden) cards++;
      }
      group.hidden = cards === 0;
      shown += cards;
    }
    const status = this.querySelector<HTMLElement>('.overview-empty');
    if (status) {
      const text = this.getAttribute('no-match') ?? 'No matching API found';
      // Chinese texts end in a full-width colon and need no space before the query.
      status.textContent = shown || !query ? '' : /[:：]$/.test(text) ? `${text}${raw}` : `${text} ${raw}`;
      status.hidden = !status.textContent;
    }
  };
}

export function defineOverviewFilter(): void {
  if (!customElements.get('overview-filter')) customElements.define('overview-filter', OverviewFilter);
}
