// Small-screen menus. The hamburger button (aria-expanded) opens the full-screen nav menu, which closes on
// a page change, Escape, or once the window's outer width reaches 768. The sidebar overlay opens from the
// menu bar and closes on a page change, a backdrop click or Escape; the page behind does not scroll while
// either is open. Without JavaScript both still work through their checkboxes (#nav-toggle, #sidebar-toggle).
import { everyPage } from './events.ts';

const MENU_MIN_OUTER_WIDTH = 768;
const SIDEBAR_OVERLAY = '(max-width: 960px)';

const locks = new Set<string>();

function lockScroll(reason: string, locked: boolean): void {
  if (locked) locks.add(reason);
  else locks.delete(reason);
  document.documentElement.classList.toggle('scroll-locked', locks.size > 0);
}

const menuInput = () => document.querySelector<HTMLInputElement>('#nav-toggle');
const menuButton = () => document.querySelector<HTMLButtonElement>('.nav-toggle-button');
const sidebarInput = () => document.querySelector<HTMLInputElement>('#sidebar-toggle');
const sidebarButton = () => document.querySelector<HTMLButtonElement>('.sidebar-toggle-button');

/**
 * Makes everything but `keep` (and its ancestors) inert, so Tab and screen readers stay inside an open
 * overlay. `except` stays usable too (the sidebar's backdrop closes it). Called with null to undo.
 */
function inertAround(keep: Element | null, except?: Element | null): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-menu-inert]')) {
    el.inert = false;
    el.removeAttribute('data-menu-inert');
  }
  for (let node = keep; node && node !== document.body && node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling === except || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLInputElement) continue;
      sibling.inert = true;
      sibling.setAttribute('data-menu-inert', '');
    }
  }
}

function updateInert(): void {
  const sidebarShown = sidebarButton()?.getAttribute('aria-expanded') === 'true';
  const menuShown = menuButton()?.getAttribute('aria-expanded') === 'true';
  if (sidebarShown) inertAround(document.getElementById('sidebar'), document.querySelector('.sidebar-backdrop'));
  else if (menuShown) inertAround(document.querySelector('.navbar'));
  else inertAround(null);
}

function setMenu(open: boolean): void {
  const input = menuInput();
  if (input) input.checked = open;
  menuButton()?.setAttribute('aria-expanded', String(open && !!input));
  lockScroll('menu', open && !!input);
  updateInert();
}

function setSidebar(open: boolean, focus = false): void {
  const input = sidebarInput();
  const sidebar = document.getElementById('sidebar');
  if (input) input.checked = open;
  const shown = open && !!input && window.matchMedia(SIDEBAR_OVERLAY).matches;
  sidebarButton()?.setAttribute('aria-expanded', String(shown));
  lockScroll('sidebar', shown);
  updateInert();
  if (shown && focus) {
    // Start where the reader is: the current page's link, else the first one.
    sidebar?.querySelector<HTMLElement>('a[aria-current="page"], a')?.focus({ preventScroll: true });
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  if (target.closest?.('.nav-toggle-button')) setMenu(!menuInput()?.checked);
  else if (target.closest?.('.sidebar-toggle-button')) setSidebar(!sidebarInput()?.checked, true);
}

/** The no-JavaScript paths (labels, the backdrop) flip the checkboxes directly: follow them. */
function onChange(event: Event): void {
  const target = event.target as HTMLInputElement;
  if (target.id === 'nav-toggle') setMenu(target.checked);
  else if (target.id === 'sidebar-toggle') setSidebar(target.checked);
}

function onKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  if (menuInput()?.checked) {
    setMenu(false);
    menuButton()?.focus();
  } else if (sidebarInput()?.checked) {
    setSidebar(false);
    sidebarButton()?.focus();
  }
}

export function setupMobile(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  document.addEventListener('keydown', onKeydown);
  window.addEventListener('resize', () => {
    if (menuInput()?.checked && window.outerWidth >= MENU_MIN_OUTER_WIDTH) setMenu(false);
    if (sidebarInput()?.checked) setSidebar(true);
  });
  everyPage(() => {
    setMenu(false);
    setSidebar(false);
  });
}
