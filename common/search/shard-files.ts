// The files of the search index (shards.ts) for one language and version, written a page at a time: each record
// is indexed by MiniSearch (engine.ts) as it comes and its page file made, and at the end MiniSearch's JSON is
// cut into the entry and chunks of consecutive terms of about CHUNK_CHARS each (more on a large index:
// MAX_CHUNKS). Pure: the build writes them (lib/search/index-files.ts), tests and benchmarks make them of any
// records (`shardRecords`).
import type MiniSearch from 'minisearch';
import { CONTENT_FIELD, indexRecords, textPages, titleTable } from './engine.ts';
import { COMMON_SHARE, LARGE_INDEX } from './rank.ts';
import type { SearchRecord } from './record.ts';
import {
  chunkFile,
  chunkOf,
  ENTRY_FILE,
  pageFile,
  SHARD_FORMAT,
  type IndexEntry,
  type ShardChunk,
  type ShardEntry,
} from './shards.ts';

/**
 * About how many characters of JSON a chunk holds (a term's postings are never split). Small enough that a
 * query's chunks stay a few KB gzipped, large enough that a 10,000-page site's chunk map stays small.
 */
export const CHUNK_CHARS = 4_000;
/**
 * At most about this many chunks: a larger index gets larger chunks, so that the chunk map (in the entry, which
 * every first search fetches) stays a few KB at 10,000 pages (Chinese has many more terms than English).
 */
export const MAX_CHUNKS = 2_000;

/** The shortest prefix of `term` that still sorts after `before` (a chunk map entry). */
function boundary(before: string, term: string): string {
  for (let length = 1; length < term.length; length++) {
    const prefix = term.slice(0, length);
    if (prefix > before) return prefix;
  }
  return term;
}

const byFirst = <T extends [string, ...unknown[]]>(a: T, b: T) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export class IndexWriter {
  private readonly mini: MiniSearch<SearchRecord> = indexRecords([]);
  private readonly titles: Pick<SearchRecord, 'id' | 'title'>[] = [];

  constructor(
    private readonly lang: string,
    private readonly version: string,
  ) {}

  /** Indexes a record (its id must be its position) and returns its page file: [name, JSON]. */
  add(record: SearchRecord, json = JSON.stringify(record)): [string, string] {
    if (record.id !== this.titles.length)
      throw new Error(`search index: page ${this.titles.length} has record id ${record.id}`);
    this.mini.add(record);
    this.titles.push({ id: record.id, title: record.title });
    return [pageFile(record.id), json];
  }

  /** The entry and the chunks, as [name inside the index's folder, JSON]. */
  finish(): [string, string][] {
    const { documentCount, fieldLength, averageFieldLength, index } = this.mini.toJSON();
    // Large sites leave out the text postings of terms most pages have: ranking never reads them (rank.ts).
    const omit = (df: number) => documentCount >= LARGE_INDEX && df > COMMON_SHARE * documentCount;
    const terms = index.sort(byFirst).map((entry): [IndexEntry, number, number | undefined] => {
      const df = textPages(entry[1]);
      if (!omit(df)) return [entry, JSON.stringify(entry).length + 1, undefined];
      const { [CONTENT_FIELD]: _, ...rest } = entry[1];
      const kept: IndexEntry = [entry[0], rest];
      return [kept, JSON.stringify(kept).length + 12, df];
    });
    const limit = Math.max(CHUNK_CHARS, Math.ceil(terms.reduce((sum, [, chars]) => sum + chars, 0) / MAX_CHUNKS));

    const chunks: Required<ShardChunk>[] = [{ index: [], common: [], titles: [] }];
    const firsts: string[] = [''];
    let size = 0;
    let last = '';
    for (const [entry, chars, df] of terms) {
      const term = entry[0];
      if (size && size + chars > limit) {
        chunks.push({ index: [], common: [], titles: [] });
        firsts.push(boundary(last, term));
        size = 0;
      }
      const chunk = chunks[chunks.length - 1];
      chunk.index.push(entry);
      if (df !== undefined) chunk.common.push([term, df]);
      size += chars;
      last = term;
    }
    for (const [key, ids] of [...titleTable(this.titles)].sort(byFirst))
      chunks[chunkOf(firsts, key)].titles.push([key, ids]);

    const entry: ShardEntry = {
      docsSearch: SHARD_FORMAT,
      lang: this.lang,
      version: this.version,
      documentCount,
      averageFieldLength,
      fieldLength: Array.from({ length: documentCount }, (_, page) => fieldLength[page]).flat(),
      chunks: firsts,
    };
    return [
      [ENTRY_FILE, JSON.stringify(entry)],
      ...chunks.map(({ common, ...chunk }, n): [string, string] => [
        chunkFile(n),
        JSON.stringify(common.length ? { ...chunk, common } : chunk),
      ]),
    ];
  }
}

/** The files of the index of a records list (the records' ids must be their positions), by name. */
export function shardRecords(records: SearchRecord[], lang: string, version: string): Map<string, string> {
  const writer = new IndexWriter(lang, version);
  const pages = records.map((record) => writer.add(record));
  return new Map([...writer.finish(), ...pages]);
}
