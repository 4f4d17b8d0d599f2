// Navbar behaviours: `hideNavbar: auto` hides it while scrolling down and brings it back on scroll up
// (checked every 200 ms), the home page's bar is transparent within 100 px of the top, dropdowns keep
// aria-expanded true to what is shown, and language/version links keep the current query.
import { safeRedirectHref } from '../../common/safe-url.ts';
import { everyPage } from './events.ts';
import { throttle } from './throttle.ts';

const CHECK_MS = 200;
const TRANSPARENT_WITHIN_PX = 100;
const DROPDOWN_CLOSE_DELAY_MS = 150;

const root = document.documentElement;
let lastY = 0;

const navbar = () => document.querySelector<HTMLElement>('header.navbar');

function checkScroll(): void {
  const bar = navbar();
  const y = Math.max(0, window.scrollY);
  if (!bar) return;
  bar.classList.toggle('transparent', bar.classList.contains('navbar-home') && y < TRANSPARENT_WITHIN_PX);
  if (bar.dataset.hide === 'auto' && y !== lastY) {
    // Never hide under the reader's hands: an open menu or keyboard focus in the bar keeps it.
    const busy = bar.contains(document.activeElement) || bar.querySelector('.nav-dropdown.open, #nav-toggle:checked');
    root.classList.toggle('navbar-hidden', y > lastY && y > bar.offsetHeight && !busy);
  }
  lastY = y;
}

function onPage(): void {
  root.classList.remove('navbar-hidden');
  // Reading the scroll position forces a layout: leave it to the frame (rAF runs before the paint).
  requestAnimationFrame(() => {
    lastY = Math.max(0, window.scrollY);
    checkScroll();
  });
  for (const dropdown of document.querySelectorAll<HTMLElement>('.nav-dropdown')) setupDropdown(dropdown);
  keepQueryInSwitchers();
}

const dropdowns = new WeakSet<HTMLElement>();

/**
 * The CSS opens a dropdown on hover (closing 150 ms after the pointer leaves) and on keyboard focus; this
 * keeps the button's aria-expanded true to that, and adds what CSS cannot: the button toggles, Escape closes.
 */
function setupDropdown(dropdown: HTMLElement): void {
  const button = dropdown.querySelector<HTMLButtonElement>('.nav-dropdown-button');
  if (!button || dropdowns.has(dropdown)) return;
  dropdowns.add(dropdown);
  const state = { hovered: false, focused: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sync = () => {
    const shown =
      !dropdown.classList.contains('dismissed') &&
      (state.hovered || state.focused || dropdown.classList.contains('open'));
    button.setAttribute('aria-expanded', String(shown));
  };
  const dismiss = (dismissed: boolean) => {
    dropdown.classList.toggle('dismissed', dismissed);
    if (dismissed) dropdown.classList.remove('open');
    sync();
  };
  dropdown.addEventListener('pointerenter', () => {
    clearTimeout(timer);
    state.hovered = true;
    sync();
  });
  dropdown.addEventListener('pointerleave', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.hovered = false;
      if (!state.focused) dismiss(false);
      sync();
    }, DROPDOWN_CLOSE_DELAY_MS);
  });
  dropdown.addEventListener('focusin', () => {
    state.focused = true;
    sync();
  });
  dropdown.addEventListener('focusout', (e) => {
    if (dropdown.contains(e.relatedTarget as Node | null)) return;
    state.focused = false;
    dropdown.classList.remove('open');
    dismiss(false);
  });
  button.addEventListener('click', () => {
    if (dropdown.classList.contains('open')) dismiss(true);
    else {
      dismiss(false);
      dropdown.classList.add('open');
      sync();
    }
  });
  dropdown.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
    dismiss(true);
    button.focus();
  });
}

/**
 * The switchers are rendered for the bare path; the reader's query (`?navbar=0`…) goes along. The path stays one
 * of this site (common/safe-url.ts): a link is never rewritten to leave it.
 */
function keepQueryInSwitchers(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang-switch], a[data-version-switch]')) {
    const url = new URL(link.href);
    const href = safeRedirectHref(url.pathname, window.location.search + url.hash, window.location);
    if (href) link.setAttribute('href', href.slice(window.location.origin.length));
  }
}

export function setupNavbar(): void {
  window.addEventListener('scroll', throttle(checkScroll, CHECK_MS), { passive: true });
  // Tabbing into a hidden bar shows it.
  document.addEventListener('focusin', (e) => {
    if (navbar()?.contains(e.target as Node)) root.classList.remove('navbar-hidden');
  });
  everyPage(onPage);
}
