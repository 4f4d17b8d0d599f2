// The sharded search index (per language and version, in `static/search/{key}.{hash}/`): a small entry file
// (`index.json`: the pages' count and field lengths, MiniSearch's global statistics, and the chunk map), the term
// postings cut into chunks of consecutive terms (`c{n}.json`: a term and every term it starts sit in one chunk or
// in neighbouring ones; each text posting also says in which fragment of the page's text the term first occurs),
// and each page's record as its head, `p{id}.json`: all but its text (title, route, section path, headings: what
// a title or heading hit shows), and its text in fragments, `t{id}.{n}.json` (fragments.ts: what a snippet is cut
// from). A query fetches the chunks its terms and prefixes fall in, the heads of the hits it shows, and of those
// whose hit the text decides (hits.ts: hitOfHead) the one fragment the snippet quotes (bestFragment). MiniSearch
// scores with the whole index's statistics (page count, average field lengths, each page's lengths, each term's
// complete postings), so its scores are those of an engine holding every term. Shared by the build
// (shard-files.ts, written by lib/search/index-files.ts) and the browser (widgets/doc-search/search-service.ts).
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { MINI_OPTIONS, type SearchEngine } from './engine.ts';
import type { TextFragment } from './fragments.ts';
import type { PageHead } from './hits.ts';
import { isSitePath, type SearchRecord } from './record.ts';
import { queryTerms, titleKey } from './tokenize.ts';

/** `docsSearch` in the entry file: which format it is. */
export const SHARD_FORMAT = 4;

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
 * A field's postings: page number deltas and counts, flat (`[page, count, page - previous page, count, …]`); the
 * text's (content) with a third number each, 1 + the first fragment of the page's text the term occurs in
 * (fragments.ts; 0: none). A term's content postings left out (large sites only: see `omitContent`) are
 * replaced by their count of pages.
 */
export type ChunkTerm = [term: string, title: number[], headers: number[], content: number[] | number];

/** A chunk file: its terms, and the pages whose title key (titleKey) falls in its range. */
export interface ShardChunk {
  terms: ChunkTerm[];
  titles: [key: string, ids: number[]][];
}

export const ENTRY_FILE = 'index.json';
export const chunkFile = (n: number): string => `c${n}.json`;
/** A page's record without its text (PageHead), as `[route, title, section, [heading text, id or 0, depth, …]]`. */
export const pageFile = (id: number): string => `p${id}.json`;

/**
 * The id a heading's text makes by GitHub's slug rule (what most headings have: a page head writes 0 for such an
 * id instead of repeating it). Only an encoding: any other id is written out.
 */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

export const encodeHead = (record: PageHead): string =>
  JSON.stringify([
    record.routePath,
    record.title,
    record.section ?? [],
    record.toc.flatMap((entry) => [entry.text, entry.id === slugOf(entry.text) ? 0 : entry.id, entry.depth]),
  ]);

/**
 * A page file's head, for the page of that id in the index of that entry; undefined when it is not one, or names
 * a route that is not a path on the site (isSitePath: an index from another hand must not lead off the site).
 */
export function readHead(
  value: unknown,
  id: number,
  entry: Pick<ShardEntry, 'lang' | 'version'>,
): PageHead | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [routePath, title, section, flat] = value as unknown[];
  if (!isSitePath(routePath) || typeof title !== 'string' || !Array.isArray(section) || !Array.isArray(flat))
    return undefined;
  if (flat.length % 3 || !section.every((s) => typeof s === 'string')) return undefined;
  const toc: PageHead['toc'] = [];
  for (let i = 0; i < flat.length; i += 3) {
    const [text, anchor, depth] = flat.slice(i, i + 3);
    if (typeof text !== 'string' || (typeof anchor !== 'string' && anchor !== 0) || !isCount(depth)) return undefined;
    toc.push({ text, id: anchor === 0 ? slugOf(text) : anchor, depth });
  }
  return {
    id,
    routePath,
    title,
    section: section as string[],
    toc,
    lang: entry.lang,
    version: entry.version,
  };
}
/** A fragment of a page's text (fragments.ts), as `[at, from, to, more, text, offset, section, offset, section, …]`. */
export const fragmentFile = (id: number, n: number): string => `t${id}.${n}.json`;

export const encodeFragment = (f: TextFragment): string =>
  JSON.stringify([f.at, f.from, f.to, f.more ? 1 : 0, f.text, ...f.sections.flat()]);

/** A fragment file's fragment; throws when it is not one. */
export function readFragment(value: unknown): TextFragment {
  if (!Array.isArray(value) || value.length < 7 || value.length % 2 === 0) throw new Error('not a text fragment');
  const [at, from, to, more, text, ...flat] = value as unknown[];
  if (!isCount(at) || !isCount(from) || !isCount(to) || typeof text !== 'string' || from > to || to > text.length)
    throw new Error('not a text fragment');
  const sections: TextFragment['sections'] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const [offset, section] = [flat[i], flat[i + 1]];
    if (!isCount(offset) || !Number.isInteger(section) || (section as number) < -1)
      throw new Error('not a text fragment');
    sections.push([offset, section as number]);
  }
  return { sections, at, from, to, more: more === 1, text };
}

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
  /** By page: the first fragment of its text the term occurs in. */
  first: Map<number, number>;
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
    const first = new Map<number, number>();
    let contentDf = 0;
    fields.forEach((postings, field) => {
      if (typeof postings === 'number' && field === 2) {
        contentDf = postings;
        return;
      }
      // The text's postings carry each page's first fragment too.
      const step = field === 2 ? 3 : 2;
      if (!isCounts(postings) || postings.length % step) throw new Error(`the postings of "${term}" are damaged`);
      if (!postings.length) return;
      const pages: Record<string, number> = {};
      let page = 0;
      for (let i = 0; i < postings.length; i += step) {
        page += postings[i];
        if (page >= documentCount) throw new Error(`the postings of "${term}" name a page past the index`);
        pages[page] = postings[i + 1];
        if (step === 3 && postings[i + 2]) first.set(page, postings[i + 2] - 1);
      }
      data[field] = pages;
      if (field === 2) contentDf = postings.length / 3;
    });
    terms.set(term, { data, contentDf, first });
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

  /** The first fragment of a page's text that a loaded term occurs in (undefined: none, or not loaded). */
  firstFragment(term: string, page: number): number | undefined {
    for (const chunk of this.loaded.values()) {
      const loaded = chunk.terms.get(term);
      if (loaded) return loaded.first.get(page);
    }
    return undefined;
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
