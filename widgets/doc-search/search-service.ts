// The search engine behind <doc-search>, one per index: initial → initing → inited, started when the modal
// first opens, with the index's entry prefetched when the browser is idle; a cache of 100 queries; the optional
// beforeSearch / onSearch / afterSearch hooks. The index is the sharded one (common/search/shards.ts: the entry,
// then per query the chunks its terms fall in and the heads of the hits it shows, and for those whose snippet is
// wanted the fragment of the text it quotes), else the compact file (text and index in one download), else the records file; embedded on another site, the docs site's search manifest
// names the current files for each language.
//
// Failure is a state, never "no results": an index that cannot be fetched (network, CORS, HTTP error, no
// answer within FETCH_TIMEOUT_MS) or read (not JSON, not a list) logs the spec's message and the engine is
// `failed` until a retry (the modal's Retry button, or opening it again); so is a query whose chunk or hit
// page file cannot be had. Malformed records are skipped, as are records whose route is not a path on the site.
import { decodeIndex, type DecodedIndex } from '../../common/search/compact.ts';
import { createEngine, engineOfIndex, type SearchEngine } from '../../common/search/engine.ts';
import { rankIds, rankPages, type RankedId } from '../../common/search/rank.ts';
import { bestFragment, type TextFragment } from '../../common/search/fragments.ts';
import {
  chunkFile,
  chunksOfQuery,
  fragmentFile,
  pageFile,
  readEntry,
  readFragment,
  readHead,
  ShardedEngine,
  shardsUrlOf,
} from '../../common/search/shards.ts';
import { warmSegmenter } from '../../common/search/tokenize.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { hitOfFragment, hitOfHead, hitOfPage, type PageHead, type SearchHit } from '../../common/search/hits.ts';
import {
  engineUrlOf,
  isSitePath,
  manifestEntry,
  usableRecords,
  type SearchManifest,
  type SearchRecord,
} from '../../common/search/record.ts';

export type EngineState = 'initial' | 'initing' | 'inited' | 'failed';

export const RESULT_LIMIT = 7;
export const CACHE_SIZE = 100;
export const FETCH_FAILED_MESSAGE = 'Failed to fetch search index, please reload the page and try again';
/** A request for an index file that has not answered (body included) by then has failed. */
export const FETCH_TIMEOUT_MS = 10_000;

/** Where a service finds its index: the files themselves, or a docs site's manifest and the reader's language. */
export type IndexSource =
  | { recordsUrl: string; engineUrl?: string; shardsUrl?: string }
  | { manifestUrl: string; lang: string };

type MaybePromise<T> = T | Promise<T>;

/** Set as `element.searchHooks = { … }` on a <doc-search>. Each runs for every search; errors are logged. */
export interface SearchHooks {
  /** Returns a replacement query, or nothing to keep it. */
  beforeSearch?: (query: string) => MaybePromise<string | void>;
  /** Returns hits to show instead of the engine's, or nothing to keep them. */
  onSearch?: (query: string, hits: SearchHit[]) => MaybePromise<SearchHit[] | void>;
  afterSearch?: (query: string, hits: SearchHit[]) => MaybePromise<void>;
}

/** The sharded index: its entry read, its chunks and page records fetched as queries need them (each once). */
class Shards {
  readonly engine: ShardedEngine;
  private readonly chunks = new Map<number, Promise<void>>();
  private readonly pages = new Map<number, Promise<PageHead | undefined>>();
  private readonly fragments = new Map<string, Promise<TextFragment>>();

  constructor(
    private readonly entryUrl: string,
    entry: ReturnType<typeof readEntry> & object,
  ) {
    this.engine = new ShardedEngine(entry);
  }

  /** Fetches (once) a file of the index's folder; a failed fetch is forgotten, so that a retry asks again. */
  private once<K, T>(cache: Map<K, Promise<T>>, n: K, load: () => Promise<T>): Promise<T> {
    let promise = cache.get(n);
    if (!promise) {
      promise = load();
      cache.set(n, promise);
      promise.catch(() => cache.delete(n));
    }
    return promise;
  }

  /** Loads the chunks a query needs. */
  async load(query: string): Promise<void> {
    const needed = chunksOfQuery(this.engine.entry.chunks, query).filter((n) => !this.engine.has(n));
    await Promise.all(
      needed.map((n) =>
        this.once(this.chunks, n, async () => {
          const url = new URL(chunkFile(n), this.entryUrl).href;
          this.engine.add(n, parseJson(url, await fetchText(url)));
        }),
      ),
    );
  }

  /**
   * The hits of ranked pages: each page's head, and only when the text decides the hit (hitOfHead) the fragment
   * of it a snippet quotes (bestFragment, from where the loaded postings say the terms first occur). A page whose
   * files are not usable is not shown.
   */
  hits(ranked: RankedId[], query: string): Promise<SearchHit[]> {
    return Promise.all(
      ranked.map(async ({ id, terms, groups }) => {
        const head = await this.once(this.pages, id, async () => {
          const url = new URL(pageFile(id), this.entryUrl).href;
          // A route off the site, a missing title: not shown.
          const head = readHead(parseJson(url, await fetchText(url)), id, this.engine.entry);
          if (!head) console.warn(`<doc-search>: ${url} is not a usable page head; its page is not shown`);
          return head;
        });
        if (!head) return [];
        const hit = hitOfHead(head, terms, query);
        if (hit) return [hit];
        const n = bestFragment(groups, (term) => this.engine.firstFragment(term, id));
        const fragment =
          n === undefined
            ? undefined
            : await this.once(this.fragments, `${id}.${n}`, async () => {
                const url = new URL(fragmentFile(id, n), this.entryUrl).href;
                try {
                  return readFragment(parseJson(url, await fetchText(url)));
                } catch (error) {
                  throw new Error(`${url}: ${(error as Error).message}`);
                }
              });
        return [hitOfFragment(head, fragment, terms, query)];
      }),
    ).then((lists) => lists.flat());
  }
}

/** The sharded index an entry URL names, or undefined when there is none to read (HTTP error, another format). */
async function fetchShards(url: string): Promise<Shards | undefined> {
  let text: string;
  try {
    text = await fetchText(url);
  } catch (error) {
    if (error instanceof Error && /: HTTP \d+$/.test(error.message)) return undefined;
    throw error;
  }
  try {
    const entry = readEntry(JSON.parse(text));
    // Its files are named relative to it.
    if (entry) return new Shards(new URL(url, document.baseURI).href, entry);
    console.warn(`<doc-search>: ${url} is not a search index this version reads; using the whole index instead`);
  } catch (error) {
    console.warn(`<doc-search>: ${url} could not be read; using the whole index instead`, error);
  }
  return undefined;
}

interface IndexData {
  /** The sharded index, when there is one: then there are no records (each hit's is fetched). */
  shards?: Shards;
  records: SearchRecord[];
  /** The compact index (common/search/compact.ts), when the file beside the records is one: it holds the records. */
  compact?: DecodedIndex;
  /** The engine, once built (in idle time after a prefetch, else when the modal opens). */
  engine?: SearchEngine;
}

/** The engine of an index (built once), warmed up. */
function engineOf(data: IndexData): SearchEngine {
  if (!data.engine) {
    data.engine = data.compact ? engineOfIndex(data.compact) : createEngine(data.records);
    warmUp(data.engine, data.records);
  }
  return data.engine;
}

/**
 * A file's text, or an error saying why not. A hung request is abandoned after FETCH_TIMEOUT_MS (a timer of
 * our own rather than AbortSignal.timeout: it also ends a fetch that ignores its signal). `revalidate`: ask the
 * server each time (the manifest is the one file whose content changes under the same name).
 */
async function fetchText(url: string, revalidate = false): Promise<string> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`${url}: no answer within ${FETCH_TIMEOUT_MS / 1000} s`));
    }, FETCH_TIMEOUT_MS);
  });
  const read = async () => {
    const response = await fetch(url, {
      signal: controller.signal,
      ...(revalidate ? { cache: 'no-cache' as const } : {}),
    });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  };
  try {
    return await Promise.race([read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(url: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${url}: not JSON (${(error as Error).message})`);
  }
}

/** The index files a manifest names for a language, as absolute URLs. */
async function filesOfManifest(
  manifestUrl: string,
  lang: string,
): Promise<{ recordsUrl: string; engineUrl?: string; shardsUrl?: string }> {
  const manifest = parseJson(manifestUrl, await fetchText(manifestUrl, true)) as Partial<SearchManifest> | null;
  if (!manifest || typeof manifest.indexes !== 'object' || !manifest.indexes)
    throw new Error(`${manifestUrl}: not a search manifest`);
  const entry = manifestEntry(
    { lang: String(manifest.lang ?? ''), version: String(manifest.version ?? ''), indexes: manifest.indexes },
    lang,
  );
  if (!entry || typeof entry.records !== 'string') throw new Error(`${manifestUrl}: no index for language "${lang}"`);
  const url = (file: unknown) => (typeof file === 'string' ? new URL(file, manifestUrl).href : undefined);
  return { recordsUrl: url(entry.records)!, engineUrl: url(entry.engine), shardsUrl: url(entry.shards) };
}

/**
 * The compact index a file holds; undefined when there is none to read (HTTP error, not JSON, another format:
 * the records are used then). A network failure or time-out is thrown: the records would not come either.
 */
async function fetchCompact(url: string): Promise<DecodedIndex | undefined> {
  let text: string;
  try {
    text = await fetchText(url);
  } catch (error) {
    if (error instanceof Error && /: HTTP \d+$/.test(error.message)) return undefined;
    throw error;
  }
  try {
    const compact = decodeIndex(JSON.parse(text));
    if (compact) return compact;
    console.warn(`<doc-search>: ${url} is not a search index this version reads; indexing the records instead`);
  } catch (error) {
    console.warn(`<doc-search>: ${url} could not be read; indexing the records instead`, error);
  }
  return undefined;
}

/**
 * One search the reader never sees, while the first query still waits out its debounce: the first run of
 * the ranking and snippet code is several times slower than later ones (cold JIT), so it is paid here.
 */
function warmUp(engine: SearchEngine, records: SearchRecord[]): void {
  const sample = records[0]?.title;
  if (sample) for (const page of rankPages(engine, records, sample, RESULT_LIMIT)) hitOfPage(page, sample);
}

async function fetchIndex(source: IndexSource): Promise<IndexData> {
  const { recordsUrl, engineUrl, shardsUrl } =
    'manifestUrl' in source ? await filesOfManifest(source.manifestUrl, source.lang) : source;
  // The sharded index first: its entry is all that is fetched before a query.
  const shards = shardsUrl ? await fetchShards(shardsUrl) : undefined;
  if (shards) return { shards, records: [] };
  // The compact index is the whole download when there is one: it holds the records, and the engine is counted
  // from it. The records file is fetched only without it (an embedder may publish only records).
  const compact = engineUrl ? await fetchCompact(engineUrl) : undefined;
  // Pages whose route is not a path on the site are never shown (rankPages shows only listed records).
  if (compact)
    return {
      records: compact.pages.map((page) => page.record).filter((record) => isSitePath(record.routePath)),
      compact,
    };
  const recordsText = await fetchText(recordsUrl);
  let usable: ReturnType<typeof usableRecords>;
  try {
    usable = usableRecords(parseJson(recordsUrl, recordsText));
  } catch (error) {
    throw new Error(`${recordsUrl}: ${(error as Error).message}`);
  }
  if (usable.skipped) console.warn(`<doc-search>: ${recordsUrl}: skipped ${usable.skipped} malformed record(s)`);
  return { records: usable.records };
}

export class SearchService {
  state: EngineState = 'initial';
  private data?: Promise<IndexData>;
  private ready?: Promise<boolean>;
  /** The index once the engine is up. */
  private index?: IndexData;
  private readonly cache = new Map<string, SearchHit[]>();
  private readonly listeners = new Set<(state: EngineState) => void>();

  constructor(readonly source: IndexSource) {}

  onStateChange(listener: (state: EngineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: EngineState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  /**
   * Downloads the index (once), then builds the engine when the browser is next idle, so that opening the modal
   * finds it ready (the state stays `initial` until then: it is the modal that starts the engine).
   */
  prefetch(): Promise<IndexData> {
    if (!this.data) {
      const data = fetchIndex(this.source);
      this.data = data;
      // A sharded index has no engine to build ahead (each query loads its own chunks). A Chinese, Japanese or
      // Korean one has its queries' segmenter made ahead, if the modal is not open yet (once it is, an idle task
      // of tens of milliseconds could hold up the first results; a query makes the segmenter if it needs it).
      data.then(
        (d) => {
          if (!d.shards) whenIdle(() => void engineOf(d));
          else if (/^(zh|ja|ko)\b/i.test(d.shards.engine.entry.lang))
            whenIdle(() => this.state === 'initial' && warmSegmenter());
        },
        () => {},
      );
      // A failed download is not kept: the next prefetch or start fetches again (an idle prefetch that failed
      // after a retry was asked for must not answer that retry).
      data.catch(() => {
        if (this.data === data) this.data = undefined;
      });
    }
    return this.data;
  }

  /** Starts the engine (once; again after a failure: a retry); resolves false when the index could not be had. */
  init(): Promise<boolean> {
    if (this.ready) return this.ready;
    this.setState('initing');
    this.ready = this.prefetch()
      .then((data) => {
        if (!data.shards) engineOf(data);
        this.index = data;
        this.setState('inited');
        return true;
      })
      .catch((error: unknown) => {
        console.error(FETCH_FAILED_MESSAGE, error);
        // Forget the failure so that a retry fetches again.
        this.data = undefined;
        this.ready = undefined;
        this.setState('failed');
        return false;
      });
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
      if (!(await this.init())) return [];
      const answer = await this.hitsFor(query);
      if ('failed' in answer) {
        this.fail(answer.failed);
        return [];
      }
      if (!answer.hits) return [];
      hits = answer.hits;
      this.remember(query, hits);
    }
    const custom = await runHook('onSearch', () => hooks.onSearch?.(query, hits!));
    if (Array.isArray(custom)) hits = custom;
    await runHook('afterSearch', () => hooks.afterSearch?.(query, hits!));
    return hits;
  }

  /**
   * Works out a query's hits ahead, in idle time while its debounce runs (once the engine is up), into the cache:
   * the search the debounce then makes only shows them. Only the latest query typed is prepared, and none when a
   * beforeSearch hook may change it. `onReady` gets the prepared hits (the very array the search then answers
   * with, unless an onSearch hook replaces it), also in idle time: the modal renders them, hidden, ahead.
   */
  prepare(rawQuery: string, hooks: SearchHooks = {}, onReady?: (hits: SearchHit[]) => void): void {
    this.preparing?.();
    this.preparing = undefined;
    const query = rawQuery.trim();
    // Only with the engine up or coming up: preparing never starts a download (after a failure, only a search or
    // the Retry button asks again, not each keystroke).
    const ready = this.ready;
    if (!query || !ready || hooks.beforeSearch || (!onReady && this.cache.has(query))) return;
    // A sharded index's chunks for the text are asked for now, not in idle time: their round trip runs while the
    // debounce does (a fetch that fails is asked again by the search proper).
    if (!this.cache.has(query)) void this.data?.then((data) => data.shards?.load(query)).catch(() => {});
    let cancelIdle: (() => void) | undefined;
    let cancelled = false;
    this.preparing = () => {
      cancelled = true;
      cancelIdle?.();
    };
    void ready.then((ok) => {
      if (!ok || cancelled) return;
      cancelIdle = whenIdle(async () => {
        let hits = this.cache.get(query);
        if (!hits) {
          // A chunk that could not be had fails the search proper, not this (it asks again).
          const answer = await this.hitsFor(query);
          if (cancelled || 'failed' in answer || !answer.hits) return;
          hits = answer.hits;
          this.remember(query, hits);
        }
        onReady?.(hits);
      });
    });
  }

  private preparing?: () => void;

  /**
   * The engine's hits for a query: `hits` undefined when ranking failed (logged), `failed` when the index files the
   * query needs (a sharded index's chunks and its hits' heads and texts) could not be had.
   */
  private async hitsFor(query: string): Promise<{ hits: SearchHit[] | undefined } | { failed: unknown }> {
    const index = this.index!;
    let ranked: RankedId[] = [];
    if (index.shards) {
      try {
        await index.shards.load(query);
      } catch (error) {
        return { failed: error };
      }
    }
    try {
      if (!index.shards)
        return {
          hits: rankPages(engineOf(index), index.records, query, RESULT_LIMIT).map((page) => hitOfPage(page, query)),
        };
      ranked = rankIds(index.shards.engine.engine(), query, RESULT_LIMIT);
    } catch (error) {
      // Records from an index this build did not write may still surprise the ranking: no uncaught error.
      console.error(`<doc-search>: could not search for ${JSON.stringify(query)}`, error);
      return { hits: undefined };
    }
    try {
      return { hits: await index.shards.hits(ranked, query) };
    } catch (error) {
      return { failed: error };
    }
  }

  /** The files a query needed could not be had: the failure state, until a retry. */
  private fail(error: unknown): void {
    console.error(FETCH_FAILED_MESSAGE, error);
    this.ready = undefined;
    this.setState('failed');
  }

  private remember(query: string, hits: SearchHit[]): void {
    this.cache.set(query, hits);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
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
const keyOf = (source: IndexSource) =>
  'manifestUrl' in source
    ? `manifest ${source.manifestUrl} ${source.lang}`
    : `${source.recordsUrl} ${source.engineUrl ?? ''}`;

/**
 * The service for an index, shared by the widgets that search the same one. A records URL without an engine
 * URL gets the sharded index and the compact index named like it (`search_index.en.h.json` → `search/en.h/index.json`,
 * `search_engine.en.h.json`), if any: the first that answers is used.
 */
export function serviceFor(source: IndexSource | string, engineUrl?: string): SearchService {
  const given = typeof source === 'string' ? { recordsUrl: source, engineUrl } : source;
  const key = keyOf(given);
  let service = services.get(key);
  if (!service) {
    const resolved =
      'recordsUrl' in given
        ? {
            recordsUrl: given.recordsUrl,
            engineUrl: given.engineUrl ?? engineUrlOf(given.recordsUrl),
            shardsUrl: given.shardsUrl ?? (given.engineUrl ? undefined : shardsUrlOf(given.recordsUrl)),
          }
        : given;
    service = new SearchService(resolved);
    services.set(key, service);
  }
  return service;
}

/** Forgets a service once its widget moved to another index (language or version changed): back there, search starts over. */
export function dropService(service: SearchService): void {
  for (const [key, s] of services) if (s === service) services.delete(key);
}
