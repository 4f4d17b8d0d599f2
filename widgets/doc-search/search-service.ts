// The search engine behind <doc-search>, one per index URL: initial → initing → inited, started when the
// modal first opens, with the index files prefetched when the browser is idle; a cache of 100 queries; the
// optional beforeSearch / onSearch / afterSearch hooks. A failed fetch logs the spec's message and searches
// return nothing (the next open tries again).
import { createEngine, loadEngine, type SearchEngine } from '../../common/search/engine.ts';
import { rankPages } from '../../common/search/rank.ts';
import { hitOfPage, type SearchHit } from '../../common/search/hits.ts';
import { engineUrlOf, type SearchRecord } from '../../common/search/record.ts';

export type EngineState = 'initial' | 'initing' | 'inited';

export const RESULT_LIMIT = 7;
export const CACHE_SIZE = 100;
export const FETCH_FAILED_MESSAGE = 'Failed to fetch search index, please reload the page and try again';

type MaybePromise<T> = T | Promise<T>;

/** Set as `element.searchHooks = { … }` on a <doc-search>. Each runs for every search; errors are logged. */
export interface SearchHooks {
  /** Returns a replacement query, or nothing to keep it. */
  beforeSearch?: (query: string) => MaybePromise<string | void>;
  /** Returns hits to show instead of the engine's, or nothing to keep them. */
  onSearch?: (query: string, hits: SearchHit[]) => MaybePromise<SearchHit[] | void>;
  afterSearch?: (query: string, hits: SearchHit[]) => MaybePromise<void>;
}

interface IndexData {
  records: SearchRecord[];
  /** The prebuilt index's JSON text, when the file exists beside the records. */
  engineJson?: string;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** The prebuilt index, or undefined when its file is damaged (the records are then indexed here instead). */
function loadPrebuilt(json: string): SearchEngine | undefined {
  try {
    return loadEngine(json);
  } catch (error) {
    console.warn('<doc-search>: the prebuilt search index could not be loaded; indexing the records instead', error);
    return undefined;
  }
}

/**
 * One search the reader never sees, while the first query still waits out its debounce: the first run of
 * the ranking and snippet code is several times slower than later ones (cold JIT), so it is paid here.
 */
function warmUp(engine: SearchEngine, records: SearchRecord[]): void {
  const sample = records[0]?.title;
  if (sample) for (const page of rankPages(engine, records, sample, RESULT_LIMIT)) hitOfPage(page, sample);
}

async function fetchIndex(recordsUrl: string, engineUrl: string | undefined): Promise<IndexData> {
  // Both files at once; the prebuilt index is optional (an embedder may only publish the records).
  const [recordsText, engineJson] = await Promise.all([
    fetchText(recordsUrl),
    engineUrl ? fetchText(engineUrl).catch(() => undefined) : undefined,
  ]);
  const records = JSON.parse(recordsText) as unknown;
  if (!Array.isArray(records)) throw new Error(`${recordsUrl}: not an array of records`);
  return { records: records as SearchRecord[], engineJson };
}

export class SearchService {
  state: EngineState = 'initial';
  private data?: Promise<IndexData>;
  private ready?: Promise<boolean>;
  private engine?: SearchEngine;
  private records: SearchRecord[] = [];
  private readonly cache = new Map<string, SearchHit[]>();
  private readonly listeners = new Set<(state: EngineState) => void>();

  constructor(
    readonly recordsUrl: string,
    readonly engineUrl: string | undefined = engineUrlOf(recordsUrl),
  ) {}

  onStateChange(listener: (state: EngineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: EngineState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  /** Downloads the index files (once) without building anything: for idle time. */
  prefetch(): Promise<IndexData> {
    this.data ??= fetchIndex(this.recordsUrl, this.engineUrl);
    return this.data;
  }

  /** Starts the engine (once); resolves false when the index could not be fetched. */
  init(): Promise<boolean> {
    if (this.ready) return this.ready;
    this.setState('initing');
    this.ready = this.prefetch().then(
      ({ records, engineJson }) => {
        this.records = records;
        this.engine = (engineJson && loadPrebuilt(engineJson)) || createEngine(records);
        warmUp(this.engine, records);
        this.setState('inited');
        return true;
      },
      (error: unknown) => {
        console.error(FETCH_FAILED_MESSAGE, error);
        // Forget the failure so that the next open tries again.
        this.data = undefined;
        this.ready = undefined;
        this.setState('initial');
        return false;
      },
    );
    return this.ready;
  }

  /** Hits for a query, at most RESULT_LIMIT; an empty query (or a failed index) gives none. */
  async search(rawQuery: string, hooks: SearchHooks = {}): Promise<SearchHit[]> {
    let query = rawQuery.trim();
    if (!query) return [];
    const replaced = await runHook('beforeSearch', () => hooks.beforeSearch?.(query));
    if (typeof replaced === 'string') query = replaced.trim();
    if (!query) return [];
    let hits = this.cache.get(query);
    if (hits) {
      // Refresh its place: the cache drops the least recently used query.
      this.cache.delete(query);
      this.cache.set(query, hits);
    } else {
      if (!(await this.init()) || !this.engine) return [];
      hits = rankPages(this.engine, this.records, query, RESULT_LIMIT).map((page) => hitOfPage(page, query));
      this.cache.set(query, hits);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    const custom = await runHook('onSearch', () => hooks.onSearch?.(query, hits!));
    if (Array.isArray(custom)) hits = custom;
    await runHook('afterSearch', () => hooks.afterSearch?.(query, hits!));
    return hits;
  }

  /** For tests: how many queries the cache holds. */
  get cachedQueries(): number {
    return this.cache.size;
  }
}

async function runHook<T>(name: string, call: () => MaybePromise<T> | undefined): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    console.error(`<doc-search>: the ${name} hook failed`, error);
    return undefined;
  }
}

const services = new Map<string, SearchService>();
const keyOf = (recordsUrl: string, engineUrl: string | undefined) => `${recordsUrl} ${engineUrl ?? ''}`;

/** The service for an index URL, shared by the widgets that search the same index. */
export function serviceFor(recordsUrl: string, engineUrl?: string): SearchService {
  const key = keyOf(recordsUrl, engineUrl);
  let service = services.get(key);
  if (!service) {
    service = new SearchService(recordsUrl, engineUrl ?? engineUrlOf(recordsUrl));
    services.set(key, service);
  }
  return service;
}

/** Forgets a service once its widget moved to another index (language or version changed): back there, search starts over. */
export function dropService(service: SearchService, engineUrl?: string): void {
  const key = keyOf(service.recordsUrl, engineUrl);
  if (services.get(key) === service) services.delete(key);
}
