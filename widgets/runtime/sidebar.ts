// Sidebar groups (<details>) animate their height: 0.5 s closing, 0.3 s opening (none under reduced motion).
// The reader's open/closed choices and the sidebar's scroll position survive client-side page changes;
// a group holding the current page is always opened, and its link is scrolled into the sidebar's view
// (centred, on load and after every page change) when it would otherwise sit off-screen.
import { BEFORE_PAGE_CHANGE, everyPage } from './events.ts';
import { prefersReducedMotion } from './throttle.ts';

const CLOSE_MS = 500;
const OPEN_MS = 300;
const GROUP = 'details.sidebar-collapse';

/** Open state per group, keyed by its first link (group names repeat across sidebars). */
const chosen = new Map<string, boolean>();
const running = new WeakMap<HTMLDetailsElement, Animation>();
let kept: { signature: string; scrollTop: number } | undefined;

const keyOf = (group: HTMLDetailsElement) =>
  group.querySelector('a')?.getAttribute('href') ?? group.dataset.group ?? '';

/** Sidebars with the same links are "the same sidebar" for scroll keeping. */
function signature(sidebar: Element): string {
  return [...sidebar.querySelectorAll('a')].map((a) => a.getAttribute('href')).join(' ');
}

function animate(group: HTMLDetailsElement, open: boolean): void {
  const list = group.querySelector<HTMLElement>(':scope > ul');
  // Measured before cancelling, so a reversal starts from where the running animation is.
  const from = group.open && list ? list.offsetHeight : 0;
  running.get(group)?.cancel();
  if (!list || prefersReducedMotion()) {
    group.open = open;
    return;
  }
  group.open = true;
  group.classList.toggle('closing', !open);
  const to = open ? list.scrollHeight : 0;
  const animation = list.animate(
    [
      { height: `${from}px`, opacity: from ? 1 : 0 },
      { height: `${to}px`, opacity: to ? 1 : 0 },
    ],
    { duration: open ? OPEN_MS : CLOSE_MS, easing: 'ease' },
  );
  list.style.overflow = 'hidden';
  running.set(group, animation);
  animation.onfinish = () => {
    list.style.overflow = '';
    group.classList.remove('closing');
    group.open = open;
  };
  animation.oncancel = () => {
    list.style.overflow = '';
    group.classList.remove('closing');
  };
}

function onClick(event: MouseEvent): void {
  const summary = (event.target as Element).closest?.(`${GROUP} > summary`);
  // A click on the group's own link navigates; it does not toggle.
  if (!summary || (event.target as Element).closest('a')) return;
  event.preventDefault();
  const group = summary.parentElement as HTMLDetailsElement;
  const open = !group.open || group.classList.contains('closing');
  chosen.set(keyOf(group), open);
  animate(group, open);
}

function beforeChange(): void {
  const sidebar = document.getElementById('sidebar');
  kept = sidebar ? { signature: signature(sidebar), scrollTop: sidebar.scrollTop } : undefined;
}

function onPage(): void {
  const sidebar = document.getElementById('sidebar');
  if (!sidebar) return;
  for (const group of sidebar.querySelectorAll<HTMLDetailsElement>(GROUP)) {
    const choice = chosen.get(keyOf(group));
    if (choice !== undefined) group.open = choice;
    // The group's own link sits beside the <details>, in the same list item.
    if ((group.parentElement ?? group).querySelector('[aria-current="page"]')) group.open = true;
  }
  const restore = kept && kept.signature === signature(sidebar) ? kept.scrollTop : undefined;
  kept = undefined;
  // Scrolling needs layout: do it in the frame the browser lays out anyway, before it paints.
  requestAnimationFrame(() => {
    if (restore !== undefined) sidebar.scrollTop = restore;
    revealCurrent(sidebar);
  });
}

/**
 * Centres the current page's link in the sidebar when it lies outside the sidebar's visible box. Only the
 * sidebar scrolls (`scrollIntoView` would move the page too); a link already in view stays where the
 * reader saw it.
 */
export function revealCurrent(sidebar: HTMLElement): void {
  const link = sidebar.querySelector<HTMLElement>('a[aria-current="page"]');
  if (!link || sidebar.scrollHeight <= sidebar.clientHeight) return;
  const box = sidebar.getBoundingClientRect();
  const rect = link.getBoundingClientRect();
  if (rect.top >= box.top && rect.bottom <= box.bottom) return;
  sidebar.scrollTop += rect.top - box.top - (sidebar.clientHeight - rect.height) / 2;
}

export function setupSidebar(): void {
  document.addEventListener('click', onClick);
  document.addEventListener(BEFORE_PAGE_CHANGE, beforeChange);
  everyPage(onPage);
}
