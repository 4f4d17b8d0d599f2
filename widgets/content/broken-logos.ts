// External logos (the tool cards) that fail to load keep their box but hide Chromium's broken-image glyph.
import { once } from './once.ts';

export const LOGO_SELECTOR = 'img.tool-logo';

function hide(img: HTMLImageElement): void {
  img.style.visibility = 'hidden';
}

/** Hides the logos that already failed (before this script ran) and, from now on, those that fail. */
export function hideBrokenLogos(): void {
  once('broken-logos', () =>
    document.addEventListener(
      'error',
      (event) => {
        if (event.target instanceof HTMLImageElement && event.target.matches(LOGO_SELECTOR)) hide(event.target);
      },
      true, // `error` does not bubble.
    ),
  );
  for (const img of document.querySelectorAll<HTMLImageElement>(LOGO_SELECTOR)) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) hide(img);
  }
}
