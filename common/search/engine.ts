// The search engine both sides share: MiniSearch (BM25 over title, headings and text, prefix and fuzzy matching),
// indexing records with our tokenizer through its documented API (`addAll`, then `toJSON`, which the build cuts
// into the index files: index-files.ts), and in the browser loading the chunks a query needs through `loadJSON`
// (shards.ts). Besides MiniSearch's scores, ranking asks how many pages' text holds a term and which terms a
// prefix starts (TermStats), and which pages have a title (the exact-title rule).
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import type { SearchRecord } from './record.ts';
import { indexTerms, titleKey } from './tokenize.ts';

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

export const FIELDS = ['title', 'headers', 'content'];
/** The text field's id in MiniSearch's JSON (fields are numbered in order). */
export const CONTENT_FIELD = '2';

/**
 * MiniSearch's options, the same to index and to load: the headings are one field (a line each, so that no CJK
 * pair is made across two of them), and our tokenizer gives the terms as the index keeps them.
 */
export const MINI_OPTIONS: Options<SearchRecord> = {
  fields: FIELDS,
  idField: 'id',
  extractField: (record, field) =>
    field === 'headers' ? record.toc.map((entry) => entry.text).join('\n') : record[field as keyof SearchRecord],
  tokenize: indexTerms,
  processTerm: (term) => term,
};

/** A MiniSearch index of records (their ids are their positions: MiniSearch's short ids then equal them). */
export function indexRecords(records: Iterable<SearchRecord>): MiniSearch<SearchRecord> {
  const mini = new MiniSearch<SearchRecord>(MINI_OPTIONS);
  for (const record of records) mini.add(record);
  return mini;
}

/** How many pages' text a term's entry in MiniSearch's JSON names (its text postings). */
export const textPages = (data: AsPlainObject['index'][number][1]): number =>
  Object.keys(data[CONTENT_FIELD] ?? {}).length;

/** Term statistics of index entries as MiniSearch's JSON holds them; `contentDf`, for terms whose text postings were left out. */
export function termStats(entries: AsPlainObject['index'], contentDf = new Map<string, number>()): TermStats {
  const df = new Map(contentDf);
  // A term whose text postings were left out keeps the count it came with.
  for (const [term, data] of entries) if (data[CONTENT_FIELD] || !df.has(term)) df.set(term, textPages(data));
  const sorted = [...df.keys()].sort();
  return {
    contentDf: (term) => df.get(term) ?? 0,
    termsWithPrefix(prefix) {
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
    },
  };
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

const NONE: readonly number[] = [];

/** The whole index of a records list in one engine (tests, benchmarks: what the chunks loaded one by one must equal). */
export function createEngine(records: SearchRecord[]): SearchEngine {
  const mini = indexRecords(records);
  const titles = titleTable(records);
  return { mini, index: termStats(mini.toJSON().index), titled: (key) => titles.get(key) ?? NONE };
}

/** In how many pages' text the term occurs, or the terms it starts (a prefix), at most. */
export function contentFrequency(engine: SearchEngine, term: string, asPrefix: boolean): number {
  if (!asPrefix) return engine.index.contentDf(term);
  return engine.index.termsWithPrefix(term).reduce((sum, t) => sum + engine.index.contentDf(t), 0);
}
