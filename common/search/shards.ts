// The sharded search index (per language and version, in `static/search/{key}.{hash}/`): a small entry file
// (`index.json`: the pages' count and field lengths, MiniSearch's global statistics, and the chunk map), the term
// postings cut into chunks of consecutive terms (`c{n}.json`: a term and every term it starts sit in one chunk or
// in neighbouring ones), and each page's record (`p{id}.json`: the texts a hit shows). A query fetches the
// chunks its terms and prefixes fall in and the records of the hits it shows. MiniSearch scores with the whole
// index's statistics (page count, average field lengths, each page's lengths, each term's complete postings),
// so its scores are those of an engine holding every term. Shared by the build (lib/search/shard-writer.ts) and
// the browser (widgets/doc-search/search-service.ts).
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { MINI_OPTIONS, type SearchEngine } from './engine.ts';
import type { SearchRecord } from './record.ts';
import { queryTerms, titleKey } from './tokenize.ts';

/** `docsSearch` in the entry file: which format it is. */
export const SHARD_FORMAT = 2;

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

/**
 * A field's postings: page number deltas and counts, flat (`[page, count, page - previous page, count, …]`).
 * A term's content postings left out (large sites only: see `omitContent`) are replaced by their count of pages.
 */
export type ChunkTerm = [term: string, title: number[], headers: number[], content: number[] | number];

/** A chunk file: its terms, and the pages whose title key (titleKey) falls in its range. */
export interface ShardChunk {
  terms: ChunkTerm[];
  titles: [key: string, ids: number[]][];
}

export const ENTRY_FILE = 'index.json';
export const chunkFile = (n: number): string => `c${n}.json`;
export const pageFile = (id: number): string => `p${id}.json`;

/** The entry file of the sharded index beside a records file (`…/search_index.en.h.json` → `…/search/en.h/index.json`). */
export function shardsUrlOf(recordsUrl: string): string | undefined {
  const match = /^(.*\/)?search_index\.([^/?#]*)\.json(?:[?#].*)?$/.exec(recordsUrl);
  return match ? `${match[1] ?? ''}search/${match[2]}/${ENTRY_FILE}` : undefined;
}

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
  return e as ShardEntry;
}

/** A term's postings as MiniSearch serializes them (field id → page → count), and its count of pages with it in their text. */
interface LoadedTerm {
  data: Record<string, Record<string, number>>;
  contentDf: number;
}

/** A chunk file's terms, read; throws when it is not a chunk. */
export function readChunk(
  value: unknown,
  documentCount: number,
): { terms: Map<string, LoadedTerm>; titles: Map<string, number[]> } {
  const chunk = value as Partial<ShardChunk> | null;
  if (!chunk || !Array.isArray(chunk.terms) || !Array.isArray(chunk.titles))
    throw new Error('not a search index chunk');
  const terms = new Map<string, LoadedTerm>();
  for (const entry of chunk.terms) {
    const [term, ...fields] = entry as ChunkTerm;
    if (typeof term !== 'string') throw new Error('a chunk term is not a text');
    const data: Record<string, Record<string, number>> = {};
    let contentDf = 0;
    fields.forEach((postings, field) => {
      if (typeof postings === 'number' && field === 2) {
        contentDf = postings;
        return;
      }
      if (!isCounts(postings) || postings.length % 2) throw new Error(`the postings of "${term}" are damaged`);
      if (!postings.length) return;
      const pages: Record<string, number> = {};
      let page = 0;
      for (let i = 0; i < postings.length; i += 2) {
        page += postings[i];
        if (page >= documentCount) throw new Error(`the postings of "${term}" name a page past the index`);
        pages[page] = postings[i + 1];
      }
      data[field] = pages;
      if (field === 2) contentDf = postings.length / 2;
    });
    terms.set(term, { data, contentDf });
  }
  const titles = new Map<string, number[]>();
  for (const [key, ids] of chunk.titles) if (typeof key === 'string' && isCounts(ids)) titles.set(key, ids);
  return { terms, titles };
}

/**
 * The terms of the chunks loaded so far, as a SearchEngine: MiniSearch loaded (through its public
 * deserialization, `loadJS`) with those terms' postings and the whole index's statistics.
 */
export class ShardedEngine {
  private readonly loaded = new Map<number, ReturnType<typeof readChunk>>();
  private current?: SearchEngine;

  constructor(readonly entry: ShardEntry) {}

  has(chunk: number): boolean {
    return this.loaded.has(chunk);
  }

  /** Adds a chunk's terms (its file's JSON). */
  add(chunk: number, value: unknown): void {
    if (this.loaded.has(chunk)) return;
    this.loaded.set(chunk, readChunk(value, this.entry.documentCount));
    this.current = undefined;
  }

  /** The engine over the chunks loaded (made again only after a chunk was added). */
  engine(): SearchEngine {
    if (this.current) return this.current;
    const { entry } = this;
    const index: AsPlainObject['index'] = [];
    const df = new Map<string, number>();
    const titles = new Map<string, number[]>();
    const pages = new Set<number>();
    for (const chunk of this.loaded.values()) {
      for (const [term, { data, contentDf }] of chunk.terms) {
        index.push([term, data]);
        df.set(term, contentDf);
        for (const field in data) for (const page in data[field]) pages.add(Number(page));
      }
      for (const [key, ids] of chunk.titles) titles.set(key, ids);
    }
    // Only the pages the postings name: MiniSearch needs their ids and lengths, the rest of the statistics is global.
    const documentIds: Record<number, number> = {};
    const fieldLength: Record<number, number[]> = {};
    for (const page of pages) {
      documentIds[page] = page;
      fieldLength[page] = entry.fieldLength.slice(3 * page, 3 * page + 3);
    }
    const plain: AsPlainObject = {
      documentCount: entry.documentCount,
      nextId: entry.documentCount,
      documentIds,
      fieldIds: { title: 0, headers: 1, content: 2 },
      fieldLength,
      averageFieldLength: entry.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    };
    const mini = MiniSearch.loadJS<SearchRecord>(plain, MINI_OPTIONS);
    const sorted = [...df.keys()].sort();
    const termsWithPrefix = (prefix: string) => {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < prefix) lo = mid + 1;
        else hi = mid;
      }
      const out: string[] = [];
      for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) out.push(sorted[i]);
      return out;
    };
    this.current = {
      mini,
      index: { contentDf: (term) => df.get(term) ?? 0, termsWithPrefix },
      titled: (key) => titles.get(key) ?? [],
    };
    return this.current;
  }
}
