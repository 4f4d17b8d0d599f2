// The index's files (common/search/shards.ts, shard-files.ts): every term lies in the chunk the map names, a
// prefix's terms in the chunks a query loads, each page's file is its record, and a first search scores as the
// whole index, also on a large site whose common terms' text postings are left out. Files that are not the
// format are refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createEngine } from '../../common/search/engine.ts';
import { rankIds } from '../../common/search/rank.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { shardRecords } from '../../common/search/shard-files.ts';
import {
  chunkFile,
  chunkOf,
  chunksOfQuery,
  ENTRY_FILE,
  pageFile,
  readChunk,
  readEntry,
  readPage,
  ShardedEngine,
  type ShardChunk,
} from '../../common/search/shards.ts';

/**
 * Deterministic pages of made-up words (many distinct terms: many chunks), with a common word on most; every
 * fifth page is long, with a heading halfway.
 */
function pages(count: number): SearchRecord[] {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () =>
    Array.from({ length: 3 + Math.floor(random() * 6) }, () => 'abcdefghiklmnoprstuw'[Math.floor(random() * 20)]).join(
      '',
    );
  return Array.from({ length: count }, (_, id) => {
    const title = `${word()} ${word()}`;
    const first = `${id % 4 ? 'common ' : ''}${Array.from({ length: 40 }, word).join(' ')}`;
    if (id % 5) return { id, routePath: `/p/${id}/`, title, content: first, toc: [], lang: 'en', version: '' };
    const heading = { text: word(), id: 'more', depth: 2, charIndex: first.length + 1 };
    return {
      id,
      routePath: `/p/${id}/`,
      title,
      content: `${first} ${heading.text} ${Array.from({ length: 200 }, word).join(' ')}`,
      toc: [heading],
      lang: 'en',
      version: '',
    };
  });
}

const load = (files: Map<string, string>, query: string) => {
  const sharded = new ShardedEngine(readEntry(JSON.parse(files.get(ENTRY_FILE)!))!);
  for (const n of chunksOfQuery(sharded.entry.chunks, query)) sharded.add(n, JSON.parse(files.get(chunkFile(n))!));
  return sharded.engine();
};

const same = (a: ReturnType<typeof rankIds>, b: ReturnType<typeof rankIds>, what: string) => {
  assert.deepEqual(
    a.map((r) => r.id),
    b.map((r) => r.id),
    what,
  );
  a.forEach((r, i) =>
    assert.ok(Math.abs(r.score - b[i].score) <= 1e-9 * b[i].score, `${what}: ${r.score} ≠ ${b[i].score}`),
  );
};

describe('the sharded index', () => {
  const records = pages(300);
  const files = shardRecords(records, 'en', '');
  const entry = readEntry(JSON.parse(files.get(ENTRY_FILE)!))!;
  const whole = createEngine(records);

  test('is cut into many chunks; each term is in the chunk the map names, and each page has its record as its file', () => {
    assert.ok(entry.chunks.length > 10, `${entry.chunks.length} chunks`);
    let terms = 0;
    entry.chunks.forEach((_, n) => {
      for (const [term] of readChunk(JSON.parse(files.get(chunkFile(n))!), entry.documentCount).index) {
        assert.equal(chunkOf(entry.chunks, term), n, term);
        terms++;
      }
    });
    assert.equal(terms, whole.mini.termCount, 'every term of the whole index, once');
    for (const r of records) assert.deepEqual(readPage(JSON.parse(files.get(pageFile(r.id))!), r.id, entry), r);
    assert.equal(files.size, 1 + entry.chunks.length + records.length, 'the entry, the chunks and a file per page');
  });

  test('a first search, prefixes included, ranks and scores as the whole index', () => {
    for (const r of records.slice(0, 40)) {
      const [first, second] = r.title.split(' ');
      for (const query of [first, first.slice(0, 3), `${first} ${second.slice(0, 3)}`, r.title])
        same(rankIds(load(files, query), query), rankIds(whole, query), query);
    }
  });

  test('on a large site the text postings of terms most pages have are left out, and scores are still the same', () => {
    const large = pages(1200);
    const largeFiles = shardRecords(large, 'en', '');
    const largeEntry = readEntry(JSON.parse(largeFiles.get(ENTRY_FILE)!))!;
    const chunk = JSON.parse(largeFiles.get(chunkFile(chunkOf(largeEntry.chunks, 'common')))!) as ShardChunk;
    assert.deepEqual(
      chunk.common?.find(([term]) => term === 'common'),
      ['common', 900],
      'the count of pages…',
    );
    assert.equal(chunk.index.find(([term]) => term === 'common')![1]['2'], undefined, '…not the postings');
    const largeWhole = createEngine(large);
    for (const query of ['common', `common ${large[5].title.split(' ')[0]}`, large[9].title])
      same(rankIds(load(largeFiles, query), query), rankIds(largeWhole, query), query);
  });

  test('an entry of another format is not one; a damaged chunk or page file is refused', () => {
    assert.equal(readEntry([]), undefined);
    assert.equal(readEntry({ ...entry, docsSearch: 4 }), undefined);
    assert.equal(readEntry({ ...entry, fieldLength: [1, 2] }), undefined);
    assert.throws(
      () => readChunk({ index: [['x', { 2: { 5000: 1 } }]], titles: [] }, entry.documentCount),
      /past the index/,
    );
    assert.throws(() => readChunk({ index: [['x', { 7: { 0: 1 } }]], titles: [] }, 10), /damaged/);
    assert.throws(() => readChunk({ terms: [] }, 10), /not a search index chunk/);
    const record = records[3];
    assert.equal(readPage({ ...record, routePath: '//evil.example/' }, 3, entry), undefined, 'a route off the site');
    assert.equal(readPage({ ...record, title: undefined }, 3, entry), undefined, 'no title');
    assert.equal(readPage('<html>', 3, entry), undefined, 'not a record');
    assert.deepEqual(readPage({ ...record, id: 99 }, 3, entry), record, 'the id is the file name’s');
  });
});
