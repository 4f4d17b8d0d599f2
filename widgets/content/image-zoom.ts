// Image zoom on content images (`img[data-zoomable]`) with medium-zoom: attached 100 ms after a page shows,
// closes after 40 px of scroll or on resize; a failing `data-zoom-src` logs a warning and the normal
// image is used (medium-zoom's own behaviour). Its "pure" build: the default one injects its CSS as a <style>
// element, which a strict Content-Security-Policy refuses; its rules (and ours, styles/adopted/image-zoom.css) are adopted by
// the document instead, when zoom first attaches.
import * as zoomModule from 'medium-zoom/dist/pure/index.js';
import type { Zoom, ZoomOptions } from 'medium-zoom';
import mediumZoomStyles from 'medium-zoom/dist/style.css?inline';
import { adoptDocumentStyles } from '../platform/sheets.ts';
import layers from '../../styles/adopted/image-zoom.css?inline';

// medium-zoom's types describe a CommonJS module (TypeScript's NodeNext view); bundlers load its ES build.
type MediumZoom = (options?: ZoomOptions) => Zoom;
const mediumZoom = ((zoomModule as unknown as { default?: MediumZoom }).default ?? zoomModule) as MediumZoom;

/** Spec §9: zoom starts this long after the page is shown. */
export const ZOOM_DELAY_MS = 100;
export const ZOOM_SCROLL_OFFSET = 40;
export const ZOOMABLE = 'img[data-zoomable]';

let zoom: Zoom | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

/** (Re)attaches zoom to the images now on the page; images of a previous page are let go. */
export function attachImageZoom(): void {
  clearTimeout(pending);
  pending = setTimeout(() => {
    if (!zoom) {
      adoptDocumentStyles(mediumZoomStyles);
      adoptDocumentStyles(layers);
    }
    const active = (zoom ??= mediumZoom({
      margin: 24,
      scrollOffset: ZOOM_SCROLL_OFFSET,
      background: 'var(--docs-bg, #fff)',
    }));
    active.detach();
    active.attach(...document.querySelectorAll<HTMLElement>(ZOOMABLE));
  }, ZOOM_DELAY_MS);
}

export function imageZoom(): Zoom | undefined {
  return zoom;
}
