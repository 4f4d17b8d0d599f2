// The outline follows the reader: the heading being read is marked in the side outline and in the local
// outline dropdown (scroll handler throttled to 100 ms). The dropdown (a <details>, usable without
// JavaScript) also closes on an outside click, Escape, a choice, or a page change.
import { everyPage } from './events.ts';
import { inFrame } from './page-flags.ts';
import { hashTarget } from './router.ts';
import { throttle } from './throttle.ts';

const THROTTLE_MS = 100;
/** Headings this close under the sticky bars count as being read. */
const SLACK_PX = 8;

let links: HTMLAnchorElement[] = [];
let headings: HTMLElement[] = [];
let activeId: string | undefined;

function collect(): void {
  links = [...document.querySelectorAll<HTMLAnchorElement>('.outline-list a[data-id]')];
  const ids = [...new Set(links.map((a) => a.dataset.id!))];
  headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
  activeId = undefined;
  // Measuring needs layout: wait for the frame the browser lays out anyway (no flash: rAF runs before paint).
  requestAnimationFrame(track);
}

function currentHeading(): HTMLElement | undefined {
  const root = document.documentElement;
  // The reading line sits under the sticky bars (the scroll padding); a navbar that slid away still counts,
  // so a heading placed while it showed stays current once it hides.
  const hiddenBar = root.classList.contains('navbar-hidden')
    ? (document.querySelector<HTMLElement>('header.navbar')?.offsetHeight ?? 0)
    : 0;
  const line = (parseFloat(getComputedStyle(root).scrollPaddingTop) || 0) + hiddenBar + SLACK_PX;
  // At the very bottom the last headings can never reach the line: the heading the reader chose (the URL's
  // target) is being read while it is on screen, otherwise the last one.
  if (window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2) {
    const chosen = hashTarget(window.location.hash);
    const top = chosen && headings.includes(chosen) ? chosen.getBoundingClientRect().top : -1;
    if (chosen && top >= 0 && top < window.innerHeight) return chosen;
    return headings.at(-1);
  }
  let found: HTMLElement | undefined;
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top > line) break;
    found = heading;
  }
  return found;
}

function keepVisible(link: HTMLAnchorElement): void {
  const box = link.closest<HTMLElement>('.outline');
  if (!box || box.scrollHeight <= box.clientHeight) return;
  const top = link.offsetTop;
  if (top < box.scrollTop || top + link.offsetHeight > box.scrollTop + box.clientHeight) {
    box.scrollTop = top - box.clientHeight / 2;
  }
}

function track(): void {
  if (!headings.length || inFrame()) return;
  const id = currentHeading()?.id;
  if (id === activeId) return;
  activeId = id;
  for (const link of links) {
    const active = link.dataset.id === id;
    link.classList.toggle('active', active);
    if (active) {
      link.setAttribute('aria-current', 'location');
      keepVisible(link);
    } else {
      link.removeAttribute('aria-current');
    }
  }
}

function openDropdowns(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>('details.local-outline[open]')];
}

function onClick(event: MouseEvent): void {
  for (const details of openDropdowns()) {
    const inside = event.composedPath().includes(details);
    const onLink = inside && (event.target as Element).closest?.('a');
    if (!inside || onLink) details.open = false;
  }
}

function onKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  for (const details of openDropdowns()) {
    details.open = false;
    details.querySelector('summary')?.focus();
  }
}

export function setupOutline(): void {
  const onScroll = throttle(track, THROTTLE_MS);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
  // Choosing a heading the page cannot scroll to (it is already at the bottom) changes only the hash.
  window.addEventListener('hashchange', onScroll);
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeydown);
  everyPage(collect);
}
