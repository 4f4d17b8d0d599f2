// The floating "Back to top" link: shown once the page is scrolled; smooth when motion is welcome.
// Without JavaScript it is always shown and jumps to #main.
import { once } from './once.ts';

/** Scrolled past this many pixels, the button shows. */
export const SCROLL_TOP_AFTER = 200;

export function updateScrollTop(): void {
  const visible = window.scrollY > SCROLL_TOP_AFTER;
  for (const button of document.querySelectorAll<HTMLElement>('.scroll-top')) {
    button.classList.toggle('visible', visible);
    // Hidden means out of the tab order and the accessibility tree too.
    button.inert = !visible;
  }
}

function onClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('.scroll-top') : null;
  if (!button || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'instant' });
  document.getElementById('main')?.focus({ preventScroll: true });
}

export function installScrollTop(): void {
  once('scroll-top', () => {
    let queued = false;
    window.addEventListener(
      'scroll',
      () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          updateScrollTop();
        });
      },
      { passive: true },
    );
    document.addEventListener('click', onClick);
    updateScrollTop();
  });
}
