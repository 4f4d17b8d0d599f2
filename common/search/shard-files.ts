// The files of the sharded index (common/search/shards.ts) for one language and version: counted from the
// compact index the build writes beside it (the same counting the browser did from it), cut into chunks of
// consecutive terms of about CHUNK_CHARS each (more on a large index: MAX_CHUNKS), plus the entry, each page's head
// (its record but the text) and its text in fragments (fragments.ts). Pure: the build
// writes them (lib/search/index-files.ts), and tests and benchmarks make them of any records (`shardRecords`).
import { decodeIndex, encodeIndex } from './compact.ts';
import type { SearchRecord } from './record.ts';
import { countIndex, FIELDS, titleTable } from './engine.ts';
import { COMMON_SHARE, LARGE_INDEX } from './rank.ts';
import { fragmentCuts, textFragments } from './fragments.ts';
import {
  chunkFile,
  chunkOf,
  encodeFragment,
  encodeHead,
  ENTRY_FILE,
  fragmentFile,
  pageFile,
  SHARD_FORMAT,
  type ChunkTerm,
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

/** A field's postings as the chunk writes them: page deltas and counts. */
function flat(docs: Uint32Array, tfs: Uint32Array): number[] {
  const out: number[] = new Array(docs.length * 2);
  let previous = 0;
  for (let i = 0; i < docs.length; i++) {
    out[2 * i] = docs[i] - previous;
    out[2 * i + 1] = tfs[i];
    previous = docs[i];
  }
  return out;
}

/** The text's postings as the chunk writes them: page deltas, counts, and 1 + the fragment the term first occurs in. */
function flatContent(docs: Uint32Array, tfs: Uint32Array, fragments: Uint32Array): number[] {
  const out: number[] = new Array(docs.length * 3);
  let previous = 0;
  for (let i = 0; i < docs.length; i++) {
    out[3 * i] = docs[i] - previous;
    out[3 * i + 1] = tfs[i];
    out[3 * i + 2] = fragments[i] + 1;
    previous = docs[i];
  }
  return out;
}

/** The shortest prefix of `term` that still sorts after `before` (a chunk map entry). */
function boundary(before: string, term: string): string {
  for (let length = 1; length < term.length; length++) {
    const prefix = term.slice(0, length);
    if (prefix > before) return prefix;
  }
  return term;
}

/**
 * The files, as [name inside the index's folder, JSON], from the compact index's text and each record's JSON
 * (by record id, as the records file writes it).
 */
export function shardFiles(compactText: string, recordJson: string[]): [string, string][] {
  const decoded = decodeIndex(JSON.parse(compactText));
  if (!decoded) throw new Error('search index: the compact index could not be read back');
  // Each page's text in fragments (its head and fragment files made now, one record at a time, as the pages are
  // counted), and with each text posting the fragment the term first occurs in (fragmentCuts: the fragments are
  // cut beside separators, which no term's piece spans, so termSet of each fragment gives the same terms).
  const pageFiles: [string, string][] = [];
  const { index, ids, fieldLength, averageFieldLength } = countIndex(decoded, (page) => {
    const record = JSON.parse(recordJson[page]) as SearchRecord;
    const fragments = textFragments(record);
    pageFiles.push([pageFile(page), encodeHead(record)]);
    fragments.forEach((fragment, n) => pageFiles.push([fragmentFile(page, n), encodeFragment(fragment)]));
    return fragmentCuts(fragments, { numbers: decoded.pages[page].content, pieces: decoded.pieces });
  });
  const pages = ids.length;
  // Ids are the records' positions (the build numbers them so): pages and records are one numbering.
  ids.forEach((id, page) => {
    if (id !== page) throw new Error(`search index: page ${page} has record id ${id}`);
  });
  // Large sites leave out the text postings of terms most pages have: ranking never reads them (rank.ts).
  const omitContent = (df: number) => pages >= LARGE_INDEX && df > COMMON_SHARE * pages;
  const terms = index.terms;
  const order = terms.map((_, id) => id).sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));

  const entries = order.map((id): [ChunkTerm, number] => {
    const [title, headers, content] = FIELDS.map((_, field) => index.postings(id, field));
    const entry: ChunkTerm = [
      terms[id],
      flat(title.docs, title.tfs),
      flat(headers.docs, headers.tfs),
      omitContent(content.docs.length) ? content.docs.length : flatContent(content.docs, content.tfs, content.marks),
    ];
    return [entry, JSON.stringify(entry).length + 1];
  });
  const limit = Math.max(CHUNK_CHARS, Math.ceil(entries.reduce((sum, [, chars]) => sum + chars, 0) / MAX_CHUNKS));

  const chunks: ChunkTerm[][] = [[]];
  const firsts: string[] = [''];
  let size = 0;
  let last = '';
  for (const [entry, chars] of entries) {
    const term = entry[0];
    if (size && size + chars > limit) {
      chunks.push([]);
      firsts.push(boundary(last, term));
      size = 0;
    }
    chunks[chunks.length - 1].push(entry);
    size += chars;
    last = term;
  }

  const titles: ShardChunk['titles'][] = chunks.map(() => []);
  const table = [...titleTable(decoded.pages.map((page) => page.record))].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  for (const [key, list] of table) titles[chunkOf(firsts, key)].push([key, list]);

  const entry: ShardEntry = {
    docsSearch: SHARD_FORMAT,
    lang: decoded.pages[0]?.record.lang ?? '',
    version: decoded.pages[0]?.record.version ?? '',
    documentCount: pages,
    averageFieldLength,
    fieldLength: fieldLength.flat(),
    chunks: firsts,
  };
  return [
    [ENTRY_FILE, JSON.stringify(entry)],
    ...chunks.map((list, n): [string, string] => [
      chunkFile(n),
      JSON.stringify({ terms: list, titles: titles[n] } satisfies ShardChunk),
    ]),
    ...pageFiles,
  ];
}

/** The files of the sharded index of a records list (the records' ids must be their positions). */
export function shardRecords(records: SearchRecord[], lang: string, version: string): Map<string, string> {
  return new Map(
    shardFiles(
      encodeIndex(records, lang, version),
      records.map((r) => JSON.stringify(r)),
    ),
  );
}
