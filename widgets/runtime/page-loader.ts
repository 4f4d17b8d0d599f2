// Fetches pages for the client router. Preloads and clicks share one request per URL; a failed or
// non-HTML answer (404, network error, a file) resolves to null so the router falls back to a full load.
import { STALE_PAGES } from './events.ts';

export interface LoadedPage {
  html: string;
  /** The final URL (after redirects). */
  url: string;
}

const MAX_ENTRIES = 40;
const cache = new Map<string, Promise<LoadedPage | null>>();
/** Pages whose request has finished, for callers that must not wait a task (see `loadedPage`). */
const settled = new Map<string, LoadedPage>();
// The dev server changed pages: what was loaded is out of date.
document.addEventListener(STALE_PAGES, () => {
  cache.clear();
  settled.clear();
});

/** What identifies a page: everything but the hash. */
export function pageKey(url: URL): string {
  return url.origin + url.pathname + url.search;
}

async function fetchPage(key: string): Promise<LoadedPage | null> {
  try {
    const response = await fetch(key, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return null;
    return { html: await response.text(), url: response.url || key };
  } catch (error) {
    console.warn(`[docs] could not load ${key}; falling back to a full page load`, error);
    return null;
  }
}

export function loadPage(url: URL): Promise<LoadedPage | null> {
  const key = pageKey(url);
  let entry = cache.get(key);
  if (!entry) {
    entry = fetchPage(key);
    // A failure is not cached: the next attempt (or the full load) asks the server again.
    void entry.then((page) => {
      if (page) settled.set(key, page);
      else cache.delete(key);
    });
    cache.set(key, entry);
    if (cache.size > MAX_ENTRIES) {
      const oldest = cache.keys().next().value!;
      cache.delete(oldest);
      settled.delete(oldest);
    }
  }
  return entry;
}

/** The page if a preload has already brought it, synchronously; undefined otherwise. */
export function loadedPage(url: URL): LoadedPage | undefined {
  return settled.get(pageKey(url));
}
