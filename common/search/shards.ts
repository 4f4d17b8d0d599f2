// The search index as the site ships it, per language and version (`static/search/{key}.{hash}/`): MiniSearch's
// own JSON (engine.ts: `toJSON` of every page indexed with `addAll`'s tokenizer and options) cut in three.
//   - `index.json`, the entry: MiniSearch's global statistics (page count, average and per-page field lengths) and
//     the chunk map;
//   - `c{n}.json`, the chunks: MiniSearch's index entries (`[term, {field: {page: count}}]`) of consecutive terms,
//     so that a term and every term it starts sit in one chunk or in neighbouring ones, with the pages whose title
//     key falls in the chunk's range;
//   - `p{id}.json`, each page's record (title, route, section path, headings, text): what a hit shows.
// A query fetches the chunks its terms and prefixes fall in, as it is typed, then the records of the hits it
// shows, all at once. The browser loads the chunks it holds into MiniSearch with `loadJSON` (its documented
// deserialization) together with the whole index's statistics, so scores equal those of the whole index.
// Shared by the build (index-files.ts writes them) and the browser (widgets/doc-search/search-service.ts).
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { FIELDS, MINI_OPTIONS, type SearchEngine, termStats } from './engine.ts';
import { type SearchRecord, usableRecord } from './record.ts';
import { queryTerms, titleKey } from './tokenize.ts';

/** `docsSearch` in the entry file: which format it is. */
export const SHARD_FORMAT = 5;

/** The entry file. */
export interface ShardEntry {
  docsSearch: typeof SHARD_FORMAT;
  lang: string;
  version: string;
  documentCount: number;
  /** MiniSearch's average field lengths (title, headers, content) over every page. */
  averageFieldLength: number[];
  /** Each page's field lengths, flat: page p's are [3p, 3p + 3). Pages are numbered by record id. */
  fieldLength: number[];
  /** The first term (or a shorter prefix of it) of each chunk, ascending: chunk n holds the terms from chunks[n] on. */
  chunks: string[];
}

/** A term as MiniSearch's JSON holds it: field id → page → how often. */
export type IndexEntry = AsPlainObject['index'][number];

/** A chunk file. */
export interface ShardChunk {
  /** MiniSearch's entries of its terms, in order. */
  index: IndexEntry[];
  /**
   * Large sites only: terms whose text postings were left out (ranking matches a term most pages' text holds in
   * titles and headings alone: rank.ts), with the count of pages whose text holds them.
   */
  common?: [term: string, pages: number][];
  /** The pages whose title key (titleKey) falls in its range. */
  titles: [key: string, ids: number[]][];
}

export const ENTRY_FILE = 'index.json';
export const chunkFile = (n: number): string => `c${n}.json`;
export const pageFile = (id: number): string => `p${id}.json`;

/** The chunk a term falls in. */
export function chunkOf(chunks: string[], term: string): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chunks[mid] <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The chunks a query needs: each term's, every chunk a prefix's terms can be in, and its title key's. */
export function chunksOfQuery(chunks: string[], query: string): number[] {
  const { required, optional, prefix } = queryTerms(query);
  const needed = new Set<number>();
  for (const term of [...required, ...optional]) {
    const first = chunkOf(chunks, term);
    // The terms a prefix starts run up to the prefix followed by the highest code unit.
    const last = prefix.has(term) ? chunkOf(chunks, `${term}\uffff`) : first;
    for (let n = first; n <= last; n++) needed.add(n);
  }
  if (required.length) needed.add(chunkOf(chunks, titleKey(query)));
  return [...needed].sort((a, b) => a - b);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isCounts = (v: unknown): v is number[] => Array.isArray(v) && v.every(isCount);

/** The entry a file holds, or undefined when it is not one (another format). */
export function readEntry(value: unknown): ShardEntry | undefined {
  const e = value as Partial<ShardEntry> | null;
  if (!e || typeof e !== 'object' || e.docsSearch !== SHARD_FORMAT || !isCount(e.documentCount)) return undefined;
  if (!Array.isArray(e.chunks) || !e.chunks.length || !e.chunks.every((c) => typeof c === 'string')) return undefined;
  if (!isCounts(e.fieldLength) || e.fieldLength.length !== 3 * e.documentCount) return undefined;
  if (
    !Array.isArray(e.averageFieldLength) ||
    e.averageFieldLength.length !== 3 ||
    !e.averageFieldLength.every((n) => typeof n === 'number')
  )
    return undefined;
  return { ...e, lang: String(e.lang ?? ''), version: String(e.version ?? '') } as ShardEntry;
}

/** A chunk file's contents, checked (every page a posting names is in the index); throws when it is not a chunk. */
export function readChunk(value: unknown, documentCount: number): Required<ShardChunk> {
  const chunk = value as Partial<ShardChunk> | null;
  if (!chunk || !Array.isArray(chunk.index) || !Array.isArray(chunk.titles))
    throw new Error('not a search index chunk');
  for (const entry of chunk.index) {
    const [term, data] = Array.isArray(entry) ? entry : [];
    if (typeof term !== 'string' || !data || typeof data !== 'object') throw new Error('a chunk term is damaged');
    for (const field of Object.keys(data)) {
      const pages = data[field];
      if (!FIELDS[Number(field)] || !pages || typeof pages !== 'object')
        throw new Error(`the postings of "${term}" are damaged`);
      for (const [page, count] of Object.entries(pages))
        if (!(Number(page) < documentCount) || !isCount(count))
          throw new Error(`the postings of "${term}" name a page past the index`);
    }
  }
  const common = (chunk.common ?? []).filter(([term, pages]) => typeof term === 'string' && isCount(pages));
  const titles = chunk.titles.filter(([key, ids]) => typeof key === 'string' && isCounts(ids));
  return { index: chunk.index, common, titles };
}

/**
 * A page file's record, for the page of that id in the index of that entry; undefined when it is not one, or
 * names a route that is not a path on the site (usableRecord: an index from another hand must not lead off it).
 */
export function readPage(
  value: unknown,
  id: number,
  entry: Pick<ShardEntry, 'lang' | 'version'>,
): SearchRecord | undefined {
  return value && typeof value === 'object'
    ? usableRecord({ ...value, id, lang: entry.lang, version: entry.version })
    : undefined;
}

/** The chunks loaded so far, as a SearchEngine: MiniSearch loaded with their terms and the whole index's statistics. */
export class ShardedEngine {
  private readonly loaded = new Map<number, Required<ShardChunk>>();
  private current?: SearchEngine;

  constructor(readonly entry: ShardEntry) {}

  has(chunk: number): boolean {
    return this.loaded.has(chunk);
  }

  /** Adds a chunk (its file's JSON); throws when it is not one. */
  add(chunk: number, value: unknown): void {
    if (this.loaded.has(chunk)) return;
    this.loaded.set(chunk, readChunk(value, this.entry.documentCount));
    this.current = undefined;
  }

  /** The engine over the chunks loaded (made again only after a chunk was added). */
  engine(): SearchEngine {
    if (this.current) return this.current;
    const { entry } = this;
    const index: IndexEntry[] = [];
    const common = new Map<string, number>();
    const titles = new Map<string, number[]>();
    const pages = new Set<string>();
    for (const chunk of this.loaded.values()) {
      for (const item of chunk.index) {
        index.push(item);
        for (const field in item[1]) for (const page in item[1][field]) pages.add(page);
      }
      for (const [term, df] of chunk.common) common.set(term, df);
      for (const [key, ids] of chunk.titles) titles.set(key, ids);
    }
    // Only the pages the postings name: MiniSearch needs their ids and lengths, the rest of the statistics is global.
    const documentIds: Record<string, number> = {};
    const fieldLength: Record<string, number[]> = {};
    for (const page of pages) {
      const p = Number(page);
      documentIds[page] = p;
      fieldLength[page] = entry.fieldLength.slice(3 * p, 3 * p + 3);
    }
    const json: AsPlainObject = {
      documentCount: entry.documentCount,
      nextId: entry.documentCount,
      documentIds,
      fieldIds: Object.fromEntries(FIELDS.map((field, id) => [field, id])),
      fieldLength,
      averageFieldLength: entry.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    };
    const mini = MiniSearch.loadJSON<SearchRecord>(JSON.stringify(json), MINI_OPTIONS);
    this.current = {
      mini,
      index: termStats(index, common),
      titled: (key) => titles.get(key) ?? [],
    };
    return this.current;
  }
}
