// Which index a <doc-search> searches and its engine's state. In order: the `index-url` attribute (the index's
// entry file); on the docs site, its index for the language and the page's version (re-read after every
// client-side page change); embedded on another site, the index that the docs site's search manifest names for
// the language. Relative URLs resolve against the docs base when there is one. The engine's entry is
// prefetched when the browser is idle (on the docs site, prefetch.ts has asked for it already).
import { useEffect, useReducer, useState } from 'react';
import { indexFor } from '../../common/search/index-key.ts';
import { SEARCH_MANIFEST_FILE } from '../../common/search/record.ts';
import { docsUrl } from '../platform/docs-base.ts';
import { PAGE_CHANGE } from '../runtime/events.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { dropService, serviceFor, type EngineState, type IndexSource, type SearchService } from './search-service.ts';

function resolveSource(lang: string, base: string | undefined, indexUrl: string | undefined): IndexSource | undefined {
  if (indexUrl) return { indexUrl: docsUrl(indexUrl, base) };
  if (base) return { manifestUrl: new URL(SEARCH_MANIFEST_FILE, base).href, lang };
  const site = readSiteData();
  const url = indexFor(site.searchIndex, lang, site.version);
  return url ? { indexUrl: url } : undefined;
}

export interface SearchEngineState {
  /** undefined when no index exists for the language. */
  service: SearchService | undefined;
  state: EngineState;
}

export function useSearchEngine(
  lang: string,
  base: string | undefined,
  indexUrl: string | undefined,
): SearchEngineState {
  // Page changes can change the version (and so the index) without touching the attributes.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    document.addEventListener(PAGE_CHANGE, refresh);
    return () => document.removeEventListener(PAGE_CHANGE, refresh);
  }, []);
  const source = resolveSource(lang, base, indexUrl);
  const service = source ? serviceFor(source) : undefined;
  const [state, setState] = useState<EngineState>(service?.state ?? 'initial');

  // A new index (language or version changed): follow the new engine's state.
  useEffect(() => {
    setState(service?.state ?? 'initial');
    if (!service) return undefined;
    const stop = service.onStateChange(setState);
    const cancelIdle = whenIdle(() => void service.prefetch().catch(() => {}));
    return () => {
      stop();
      cancelIdle();
      dropService(service);
    };
  }, [service]);

  return { service, state };
}
