// The search engine behind <doc-search>, one per index: initial → initing → inited, started when the modal
// first opens, with the index's entry prefetched when the browser is idle; a cache of 100 queries; the optional
// beforeSearch / onSearch / afterSearch hooks. The index is common/search/shards.ts's: its entry, then per query
// the chunks its terms fall in (asked for as it is typed) and the pages of the hits it shows, all at once.
// Embedded on another site, the docs site's search manifest names the current index for each language.
//
// Failure is a state, never "no results": an index that cannot be fetched (network, CORS, HTTP error, no
// answer within FETCH_TIMEOUT_MS) or read (not JSON, another format) logs the spec's message and the engine is
// `failed` until a retry (the modal's Retry button, or opening it again); so is a query whose chunk or hit page
// cannot be had. A page whose file holds no usable record (not JSON, a route off the site) is passed over.
import { rankIds, type RankedId } from '../../common/search/rank.ts';
import { chunkFile, chunksOfQuery, pageFile, readEntry, readPage, ShardedEngine } from '../../common/search/shards.ts';
import { warmSegmenter } from '../../common/search/tokenize.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { hitOfPage, type SearchHit } from '../../common/search/hits.ts';
import { manifestEntry, type SearchManifest, type SearchRecord } from '../../common/search/record.ts';

export type EngineState = 'initial' | 'initing' | 'inited' | 'failed';

export const RESULT_LIMIT = 7;
export const CACHE_SIZE = 100;
export const FETCH_FAILED_MESSAGE = 'Failed to fetch search index, please reload the page and try again';
/** A request for an index file that has not answered (body included) by then has failed. */
export const FETCH_TIMEOUT_MS = 10_000;

/** Where a service finds its index: its entry file, or a docs site's manifest and the reader's language. */
export type IndexSource = { indexUrl: string } | { manifestUrl: string; lang: string };

type MaybePromise<T> = T | Promise<T>;

/** Set as `element.searchHooks = { … }` on a <doc-search>. Each runs for every search; errors are logged. */
export interface SearchHooks {
  /** Returns a replacement query, or nothing to keep it. */
  beforeSearch?: (query: string) => MaybePromise<string | void>;
  /** Returns hits to show instead of the engine's, or nothing to keep them. */
  onSearch?: (query: string, hits: SearchHit[]) => MaybePromise<SearchHit[] | void>;
  afterSearch?: (query: string, hits: SearchHit[]) => MaybePromise<void>;
}

/** A page file asked for: its record (undefined: not usable), and who may still stop it. */
interface PageFetch {
  record: Promise<SearchRecord | undefined>;
  controller: AbortController;
  /** The queries waiting for it that may still be given up (being prepared); none, and no search proper wants it: stopped. */
  waiting: number;
  /** Come, or wanted by a search proper: never stopped. */
  kept: boolean;
}

/** The index: its entry read, its chunks and pages fetched as queries need them (each once). */
class Index {
  readonly engine: ShardedEngine;
  private readonly chunks = new Map<number, Promise<void>>();
  private readonly pages = new Map<number, PageFetch>();
  /** Pages whose file holds no usable record: ranking passes them over. */
  readonly unusable = new Set<number>();

  constructor(
    private readonly entryUrl: string,
    entry: ReturnType<typeof readEntry> & object,
  ) {
    this.engine = new ShardedEngine(entry);
  }

  /** Loads the chunks a query needs, each fetched once (a failed fetch is forgotten: a retry asks again). */
  async load(query: string): Promise<void> {
    const needed = chunksOfQuery(this.engine.entry.chunks, query).filter((n) => !this.engine.has(n));
    await Promise.all(
      needed.map((n) => {
        let chunk = this.chunks.get(n);
        if (!chunk) {
          const url = new URL(chunkFile(n), this.entryUrl).href;
          chunk = fetchText(url)
            .then((text) => this.engine.add(n, parseJson(url, text)))
            .catch((error: Error) => {
              throw new Error(`${url}: ${error.message}`);
            });
          this.chunks.set(n, chunk);
          chunk.catch(() => this.chunks.delete(n));
        }
        return chunk;
      }),
    );
  }

  /**
   * A page's record, its file fetched once. A page that holds no usable record (not JSON, a route off the site)
   * is undefined and marked `unusable`. Asked for with a signal (a query being prepared), it may be given up:
   * see `stopUnwanted`.
   */
  private page(id: number, signal?: AbortSignal): Promise<SearchRecord | undefined> {
    let page = this.pages.get(id);
    // (One stopped is asked for again.)
    if (!page || page.controller.signal.aborted) {
      const controller = new AbortController();
      const url = new URL(pageFile(id), this.entryUrl).href;
      const record = fetchText(url, { signal: controller.signal }).then((text) => {
        let record: SearchRecord | undefined;
        try {
          record = readPage(JSON.parse(text), id, this.engine.entry);
        } catch {}
        if (!record) {
          console.warn(`<doc-search>: ${url} is not a usable page; it is not shown`);
          this.unusable.add(id);
        }
        return record;
      });
      const made: PageFetch = { record, controller, waiting: 0, kept: false };
      record.then(
        () => (made.kept = true),
        () => this.pages.get(id) === made && this.pages.delete(id),
      );
      this.pages.set(id, (page = made));
    }
    const wanted = page;
    if (!signal) wanted.kept = true;
    else if (!wanted.kept) {
      wanted.waiting++;
      signal.addEventListener('abort', () => wanted.waiting--, { once: true });
    }
    return wanted.record;
  }

  /**
   * Stops the page files still coming that only queries given up waited for: the link is left to what the reader
   * typed since. Called once a query has asked for its own pages (those both want go on), or asks for none.
   */
  stopUnwanted(): void {
    for (const page of this.pages.values()) if (!page.waiting && !page.kept) page.controller.abort();
  }

  /**
   * The hits of ranked pages, their page files fetched side by side (`signal`: the query may be given up).
   * `onLeading` gets the leading hits whenever more of them have come, before the last does: over HTTP/1.1 the
   * seventh file waits for one of the six connections, a round trip more, and the reader need not wait for it.
   */
  async hits(
    ranked: RankedId[],
    query: string,
    signal?: AbortSignal,
    onLeading?: (hits: SearchHit[]) => void,
  ): Promise<SearchHit[]> {
    const asked = ranked.map(({ id }) => this.page(id, signal));
    this.stopUnwanted();
    // Each page's hit (none for an unusable page), made once as its file comes.
    const made: SearchHit[][] = [];
    let leading = 0;
    await Promise.all(
      asked.map((page, i) =>
        page.then((record) => {
          made[i] = record ? [hitOfPage({ record, ...ranked[i] }, query)] : [];
          const before = leading;
          while (leading in made) leading++;
          if (onLeading && leading > before && leading < asked.length) onLeading(made.slice(0, leading).flat());
        }),
      ),
    );
    return made.flat();
  }
}

/**
 * A file's text, or an error saying why not. A hung request is abandoned after FETCH_TIMEOUT_MS (a timer of
 * our own rather than AbortSignal.timeout: it also ends a fetch that ignores its signal). `revalidate`: ask the
 * server each time (the manifest is the one file whose content changes under the same name); `signal` stops it.
 */
async function fetchText(
  url: string,
  { revalidate = false, signal }: { revalidate?: boolean; signal?: AbortSignal } = {},
): Promise<string> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
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

/** The entry file a manifest names for a language, as an absolute URL. */
async function indexOfManifest(manifestUrl: string, lang: string): Promise<string> {
  const manifest = parseJson(
    manifestUrl,
    await fetchText(manifestUrl, { revalidate: true }),
  ) as Partial<SearchManifest> | null;
  if (!manifest || typeof manifest.indexes !== 'object' || !manifest.indexes)
    throw new Error(`${manifestUrl}: not a search manifest`);
  const entry = manifestEntry(
    { lang: String(manifest.lang ?? ''), version: String(manifest.version ?? ''), indexes: manifest.indexes },
    lang,
  );
  if (typeof entry?.index !== 'string') throw new Error(`${manifestUrl}: no index for language "${lang}"`);
  return new URL(entry.index, manifestUrl).href;
}

/** The index a source names, its entry read. */
async function fetchIndex(source: IndexSource): Promise<Index> {
  const url = 'manifestUrl' in source ? await indexOfManifest(source.manifestUrl, source.lang) : source.indexUrl;
  const entry = readEntry(parseJson(url, await fetchText(url)));
  if (!entry) throw new Error(`${url}: not a search index this version reads`);
  // Its files are named relative to it.
  return new Index(new URL(url, document.baseURI).href, entry);
}

export class SearchService {
  state: EngineState = 'initial';
  private data?: Promise<Index>;
  private ready?: Promise<boolean>;
  /** The index once the engine is up. */
  private index?: Index;
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
   * Downloads the index's entry (once), so that opening the modal finds it there (the state stays `initial`
   * until then: it is the modal that starts the engine).
   */
  prefetch(): Promise<Index> {
    if (!this.data) {
      const data = fetchIndex(this.source);
      this.data = data;
      // A Chinese, Japanese or Korean index has its queries' segmenter made ahead, if the modal is not open yet
      // (once it is, an idle task of tens of milliseconds could hold up the first results; a query makes the
      // segmenter if it needs it).
      data.then(
        (index) => {
          if (/^(zh|ja|ko)\b/i.test(index.engine.entry.lang))
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
      .then((index) => {
        this.index = index;
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

  /**
   * Hits for a query, at most RESULT_LIMIT; an empty query (or a failed index) gives none. `onLeading` is shown
   * the first hits while the page files of the others still come (not with an onSearch hook: it sees all).
   */
  async search(
    rawQuery: string,
    hooks: SearchHooks = {},
    onLeading?: (hits: SearchHit[]) => void,
  ): Promise<SearchHit[]> {
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
      const answer = await this.hitsFor(query, undefined, hooks.onSearch ? undefined : onLeading);
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
    if (!query || !ready || hooks.beforeSearch || (!onReady && this.cache.has(query))) {
      this.index?.stopUnwanted();
      return;
    }
    // The chunks for the text are asked for now, not in idle time: their round trip runs while the debounce does
    // (a fetch that fails is asked again by the search proper).
    if (!this.cache.has(query)) void this.data?.then((index) => index.load(query)).catch(() => {});
    let cancelIdle: (() => void) | undefined;
    // Typed over: its idle task is dropped, and its hits' page files still coming are given up (Index.stopUnwanted).
    const given = new AbortController();
    const { signal } = given;
    this.preparing = () => {
      given.abort();
      cancelIdle?.();
    };
    void ready.then((ok) => {
      if (!ok || signal.aborted) return;
      cancelIdle = whenIdle(async () => {
        let hits = this.cache.get(query);
        if (!hits) {
          // A chunk that could not be had fails the search proper, not this (it asks again).
          const answer = await this.hitsFor(query, signal);
          // No pages of its own asked for (none ranked, or its chunks failed): those older queries wait for stop.
          if (!signal.aborted && ('failed' in answer || !answer.hits)) this.index?.stopUnwanted();
          if (signal.aborted || 'failed' in answer || !answer.hits) return;
          hits = answer.hits;
          this.remember(query, hits);
        }
        onReady?.(hits);
      });
    });
  }

  private preparing?: () => void;

  /**
   * The engine's hits for a query: `hits` undefined when ranking failed (logged) or when the query was given up
   * (`signal`: another was typed), `failed` when the files the query needs could not be had.
   */
  private async hitsFor(
    query: string,
    signal?: AbortSignal,
    onLeading?: (hits: SearchHit[]) => void,
  ): Promise<{ hits: SearchHit[] | undefined } | { failed: unknown }> {
    const index = this.index!;
    let ranked: RankedId[];
    try {
      await index.load(query);
    } catch (error) {
      return { failed: error };
    }
    if (signal?.aborted) return { hits: undefined };
    // Ranked again past pages found unusable, until the hits are as many as the pages ranked.
    for (;;) {
      try {
        ranked = rankIds(index.engine.engine(), query, RESULT_LIMIT, (id) => !index.unusable.has(id));
      } catch (error) {
        // An index this build did not write may still surprise the ranking: no uncaught error.
        console.error(`<doc-search>: could not search for ${JSON.stringify(query)}`, error);
        return { hits: undefined };
      }
      try {
        const hits = await index.hits(ranked, query, signal, onLeading);
        if (hits.length === ranked.length) return { hits };
      } catch (error) {
        return { failed: error };
      }
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
  'manifestUrl' in source ? `manifest ${source.manifestUrl} ${source.lang}` : source.indexUrl;

/** The service for an index (an entry file's URL, or a manifest's), shared by the widgets that search the same one. */
export function serviceFor(source: IndexSource | string): SearchService {
  const given = typeof source === 'string' ? { indexUrl: source } : source;
  const key = keyOf(given);
  let service = services.get(key);
  if (!service) {
    service = new SearchService(given);
    services.set(key, service);
  }
  return service;
}

/** Forgets a service once its widget moved to another index (language or version changed): back there, search starts over. */
export function dropService(service: SearchService): void {
  for (const [key, s] of services) if (s === service) services.delete(key);
}
