// Which index a <doc-search> searches and its engine's state: the records URL follows the attribute, or the
// site's index for the language and the page's version (re-read after every client-side page change); the
// engine's files are prefetched when the browser is idle.
import { useEffect, useReducer, useState } from 'react';
import { searchIndexKey } from '../../common/search/record.ts';
import { PAGE_CHANGE } from '../runtime/events.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { dropService, serviceFor, type EngineState, type SearchService } from './search-service.ts';

function resolveIndexUrl(lang: string, attribute: string | undefined): string | undefined {
  if (attribute) return attribute;
  const site = readSiteData();
  return site.searchIndex[searchIndexKey(lang, site.version)] ?? site.searchIndex[lang];
}

export interface SearchEngineState {
  /** undefined when no index exists for the language. */
  service: SearchService | undefined;
  state: EngineState;
}

export function useSearchEngine(lang: string, indexUrl: string | undefined, engineUrl: string | undefined): SearchEngineState {
  // Page changes can change the version (and so the index) without touching the attributes.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    document.addEventListener(PAGE_CHANGE, refresh);
    return () => document.removeEventListener(PAGE_CHANGE, refresh);
  }, []);
  const recordsUrl = resolveIndexUrl(lang, indexUrl);
  const service = recordsUrl ? serviceFor(recordsUrl, engineUrl) : undefined;
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
      dropService(service, engineUrl);
    };
  }, [service, engineUrl]);

  return { service, state };
}
