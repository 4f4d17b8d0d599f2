// Search ready before the reader reaches for it: once the page has loaded and the browser is idle, <doc-search>'s
// files are fetched, nothing run: its modules (`modulepreload`: fetched and compiled) and its language's index
// entry (`prefetch`). Ctrl+K or a click then finds them there and pays only for running them; running them now
// would put React's evaluation, a long task on a phone, in the reader's way. Not on a connection that saves data
// or is 2G, nor once the element has loaded. The modules are listed in a file beside them (vite.config.ts), not in
// every page.
import { indexFor } from '../../common/search/index-key.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { whenIdle } from '../runtime/throttle.ts';

/** <doc-search>'s module, whose imports the list holds (vite.config.ts). */
export const SEARCH_ELEMENT = 'widgets/doc-search/element.ts';
/** The list of <doc-search>'s modules that the page entry does not import, beside the entry's chunk. */
export const SEARCH_MODULES_FILE = 'search-modules.json';

const link = (rel: string, href: string) =>
  document.head.append(Object.assign(document.createElement('link'), { rel, href }));

function prefetch(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  const host = document.querySelector('doc-search');
  if (!host || customElements.get('doc-search') || connection?.saveData || /2g$/.test(connection?.effectiveType ?? ''))
    return;
  const site = readSiteData();
  // The widget's language (platform/lang.ts widgetLang).
  const entry = indexFor(site.searchIndex, host.closest('[lang]')?.getAttribute('lang') || 'en', site.version);
  if (entry) link('prefetch', entry);
  const list = new URL(SEARCH_MODULES_FILE, import.meta.url);
  fetch(list, { priority: 'low' })
    .then((response) => (response.ok ? response.json() : []))
    .then((files: unknown) => {
      for (const file of Array.isArray(files) ? files : []) link('modulepreload', new URL(String(file), list).href);
    })
    // Nothing lost: the modules come when the reader reaches for search.
    .catch(() => {});
}

/** Prefetches search's files once the page has loaded and the browser is next idle. */
export function prefetchSearchWhenIdle(): void {
  if (document.readyState === 'complete') whenIdle(prefetch);
  else window.addEventListener('load', () => whenIdle(prefetch), { once: true });
}
