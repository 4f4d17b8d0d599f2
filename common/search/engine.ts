// The search engine both sides share: MiniSearch's scoring (BM25 over title, headings and text, prefix and
// fuzzy matching) over postings counted from an index file (compact.ts): each dictionary piece's terms are
// worked out once, then every page's piece numbers are counted into per-field postings (term-index.ts), which
// MiniSearch loads through its public deserialization (`loadJS`). The build counts them to write the sharded
// index (shard-files.ts), whose chunks the browser loads the same way (shards.ts); a whole index loaded here at
// once is for `engine-url`, `index-url`, tests and benchmarks.
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { compactIndex, decodeIndex, type DecodedIndex } from './compact.ts';
import type { SearchRecord } from './record.ts';
import { type TermIndex, TermIndexBuilder } from './term-index.ts';
import { CJK_PIECE, GAP, identifierTerms, titleKey } from './tokenize.ts';

/** What ranking asks of an index besides MiniSearch's scores. */
export interface TermStats {
  /** In how many pages' text the term occurs. */
  contentDf(term: string): number;
  /** The terms (of those the engine holds) that start with `prefix`, itself included. */
  termsWithPrefix(prefix: string): string[];
}

export interface SearchEngine {
  mini: MiniSearch<SearchRecord>;
  index: TermStats;
  /** Record ids of the pages whose title has this key (`titleKey`): the exact-title rule of ranking. */
  titled(key: string): readonly number[];
}

/** MiniSearch's options for our engine: the fields; terms come counted (never tokenized by MiniSearch). */
export const MINI_OPTIONS = { fields: ['title', 'headers', 'content'], idField: 'id' };

export const FIELDS = MINI_OPTIONS.fields;
const TITLE = 0;
const HEADERS = 1;
const CONTENT = 2;

/** Each dictionary piece's term ids (flat: piece p's are ids[start[p] .. start[p + 1])), and for CJK pieces their first and last code units (else 0). */
function pieceTermIds(pieces: string[], kinds: Uint8Array, builder: TermIndexBuilder) {
  const start = new Uint32Array(pieces.length + 1);
  const ids: number[] = [];
  const first = new Uint16Array(pieces.length);
  const last = new Uint16Array(pieces.length);
  pieces.forEach((piece, p) => {
    if (kinds[p] === CJK_PIECE) {
      // The piece if a word of 3+ characters, and its pairs (CJK pieces are BMP characters: a code unit each).
      if (piece.length >= 3) ids.push(builder.intern(piece));
      for (let i = 0; i + 1 < piece.length; i++)
        ids.push(builder.internPair(piece.charCodeAt(i), piece.charCodeAt(i + 1)));
      first[p] = piece.charCodeAt(0);
      last[p] = piece.charCodeAt(piece.length - 1);
    } else if (kinds[p] !== GAP) {
      for (const term of identifierTerms(piece)) ids.push(builder.intern(term));
    }
    start[p + 1] = ids.length;
  });
  return { start, ids: Uint32Array.from(ids), first, last };
}

const NONE: readonly number[] = [];

/** A decoded index file counted: its terms with their postings, and MiniSearch's statistics of its pages. */
export interface CountedIndex {
  index: TermIndex;
  /** By page (document number): the record id, and the field lengths (distinct terms per field). */
  ids: number[];
  fieldLength: number[][];
  averageFieldLength: number[];
}

/**
 * Counts the terms of a decoded index file's pages, field by field (no text is tokenized). `contentCuts`, when
 * given, is asked once per page, in order, where its text's parts start after the first (positions in its content
 * pieces, ascending): each text posting then keeps the part the term first occurs in (its `marks`: 0 for the
 * first part); the sharded index's text fragments (shard-files.ts).
 */
export function countIndex(
  { pieces, pages, kinds }: DecodedIndex,
  contentCuts?: (doc: number) => ArrayLike<number>,
): CountedIndex {
  const builder = new TermIndexBuilder(FIELDS.length);
  const { start, ids, first, last } = pieceTermIds(pieces, kinds, builder);
  const countRange = (numbers: Uint32Array, from: number, to: number, cuts: ArrayLike<number> = NONE) => {
    let previous = -1;
    let cut = 0;
    builder.mark = 0;
    for (let k = from; k < to; k++) {
      while (cut < cuts.length && cuts[cut] <= k) builder.mark = ++cut;
      const p = numbers[k];
      for (let i = start[p]; i < start[p + 1]; i++) builder.count(ids[i]);
      // The pair across two adjacent CJK pieces (配置|文件 → 置文).
      if (previous >= 0 && first[p] && last[previous]) builder.count(builder.internPair(last[previous], first[p]));
      previous = p;
    }
  };

  const recordIds: number[] = [];
  const fieldLength: number[][] = [];
  const average = [0, 0, 0];
  pages.forEach((page, doc) => {
    countRange(page.title, 0, page.title.length);
    const title = builder.endField(TITLE, doc);
    for (const { numbers, from, to } of page.headings) countRange(numbers, from, to);
    const headers = builder.endField(HEADERS, doc);
    countRange(page.content, 0, page.content.length, contentCuts?.(doc));
    const content = builder.endField(CONTENT, doc);
    recordIds.push(page.record.id);
    fieldLength.push([title, headers, content]);
    // MiniSearch's running average, step for step (its scores then match an engine it built itself).
    [title, headers, content].forEach(
      (length, field) => (average[field] = (average[field] * doc + length) / (doc + 1)),
    );
  });
  return { index: builder.build(CONTENT), ids: recordIds, fieldLength, averageFieldLength: average };
}

/** Record ids by title key, for the exact-title rule. */
export function titleTable(records: Iterable<Pick<SearchRecord, 'id' | 'title'>>): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const { id, title } of records) {
    const key = titleKey(title);
    const list = byKey.get(key);
    if (list) list.push(id);
    else byKey.set(key, [id]);
  }
  return byKey;
}

/** The engine of a decoded index file: every page's terms, loaded into MiniSearch at once. */
export function engineOfIndex(decoded: DecodedIndex): SearchEngine {
  const { index, ids, fieldLength, averageFieldLength } = countIndex(decoded);
  const plain: AsPlainObject = {
    documentCount: ids.length,
    nextId: ids.length,
    documentIds: Object.fromEntries(ids.map((id, doc) => [doc, id])),
    fieldIds: { title: TITLE, headers: HEADERS, content: CONTENT },
    fieldLength: Object.fromEntries(fieldLength.map((lengths, doc) => [doc, lengths])),
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    // MiniSearch's own deserialization (the shape its toJSON writes): its radix tree and maps, built by itself.
    index: index.plainIndex(),
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS<SearchRecord>(plain, MINI_OPTIONS);
  const titles = titleTable(decoded.pages.map((page) => page.record));
  return { mini, index, titled: (key) => titles.get(key) ?? NONE };
}

/** An engine indexed here from records (an index someone else wrote as a records list; tests, benchmarks). */
export function createEngine(records: SearchRecord[]): SearchEngine {
  return engineOfIndex(decodeIndex(compactIndex(records, '', ''))!);
}

/** In how many pages' text the term occurs, or the terms it starts (a prefix), at most. */
export function contentFrequency(engine: SearchEngine, term: string, asPrefix: boolean): number {
  if (!asPrefix) return engine.index.contentDf(term);
  return engine.index.termsWithPrefix(term).reduce((sum, t) => sum + engine.index.contentDf(t), 0);
}
