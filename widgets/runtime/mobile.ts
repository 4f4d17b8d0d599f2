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

function setMenu(open: boolean): void {
  const input = menuInput();
  if (input) input.checked = open;
  menuButton()?.setAttribute('aria-expanded', String(open && !!input));
  lockScroll('menu', open && !!input);
}

function setSidebar(open: boolean, focus = false): void {
  const input = sidebarInput();
  const sidebar = document.getElementById('sidebar');
  if (input) input.checked = open;
  const shown = open && !!input && window.matchMedia(SIDEBAR_OVERLAY).matches;
  sidebarButton()?.setAttribute('aria-expanded', String(shown));
  lockScroll('sidebar', shown);
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
