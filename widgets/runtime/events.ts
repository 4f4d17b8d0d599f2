// The runtime's document events: how widgets and behaviours learn that the page content was swapped.

/** Dispatched on `document` after the client router has put a new page in place (DOM, title, URL, page data). */
export const PAGE_CHANGE = 'docs:page-change';

/** Dispatched on `document` just before the router swaps the page (the old content is still there). */
export const BEFORE_PAGE_CHANGE = 'docs:before-page-change';

/**
 * Dispatch on `document` (cancelable, `detail: { href }`) to change page through the client router, e.g.
 * from the search modal. The router cancels the event when it takes the navigation; when nobody does
 * (`dispatchEvent` returns true), load the page yourself.
 */
export const NAVIGATE = 'docs:navigate';

export interface NavigateDetail {
  href: string;
}

/** Runs `callback` now and after every client-side page change. */
export function everyPage(callback: () => void): void {
  callback();
  document.addEventListener(PAGE_CHANGE, callback);
}

/**
 * Dispatched on `document` by the dev server's page script (`npm start`) when pages have changed on the server:
 * pages the client router has preloaded are out of date.
 */
export const STALE_PAGES = 'docs:stale-pages';
