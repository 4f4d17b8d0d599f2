// The sharded index (common/search/shards.ts, shard-files.ts): every term lies in the chunk the map names, a
// prefix's terms in the chunks a query loads, and a first search scores as the whole index, also on a large site
// whose common terms' text postings are left out. Files that are not the format are refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createEngine } from '../../common/search/engine.ts';
import { rankIds } from '../../common/search/rank.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { shardRecords } from '../../common/search/shard-files.ts';
import { firstFragmentsOf, textFragments } from '../../common/search/fragments.ts';
import {
  chunkFile,
  chunkOf,
  chunksOfQuery,
  encodeHead,
  ENTRY_FILE,
  fragmentFile,
  pageFile,
  readChunk,
  readEntry,
  readFragment,
  readHead,
  ShardedEngine,
  shardsUrlOf,
} from '../../common/search/shards.ts';

/**
 * Deterministic pages of made-up words (many distinct terms: many chunks), with a common word on most; every
 * fifth page is long, with a heading halfway (its text comes in several fragments).
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

  test('is cut into many chunks; each term is in the chunk the map names, and each page has its head and text fragments', () => {
    assert.ok(entry.chunks.length > 10, `${entry.chunks.length} chunks`);
    entry.chunks.forEach((_, n) => {
      for (const term of readChunk(JSON.parse(files.get(chunkFile(n))!), entry.documentCount).terms.keys())
        assert.equal(chunkOf(entry.chunks, term), n, term);
    });
    let fragmented = 0;
    for (const r of records) {
      const { content, toc, ...rest } = r;
      assert.deepEqual(readHead(JSON.parse(files.get(pageFile(r.id))!), r.id, entry), {
        ...rest,
        section: [],
        toc: toc.map(({ charIndex: _, ...heading }) => heading),
      });
      const fragments = textFragments(r);
      if (fragments.length > 1) fragmented++;
      // The fragments' own parts are the text, in order.
      assert.equal(
        fragments
          .map((_, n) => {
            const f = readFragment(JSON.parse(files.get(fragmentFile(r.id, n))!));
            return f.text.slice(f.from, f.to);
          })
          .join(''),
        content,
      );
      assert.equal(files.get(fragmentFile(r.id, fragments.length)), undefined);
    }
    assert.ok(fragmented > 0, 'some pages are long enough to be cut');
  });

  test("each text posting carries the first fragment of the page's text the term occurs in", () => {
    const sharded = new ShardedEngine(entry);
    entry.chunks.forEach((_, n) => sharded.add(n, JSON.parse(files.get(chunkFile(n))!)));
    let checked = 0;
    for (const r of records.slice(0, 60))
      for (const [term, n] of firstFragmentsOf(r)) {
        assert.equal(sharded.firstFragment(term, r.id), n, `${term} on page ${r.id}`);
        checked++;
      }
    assert.ok(checked > 1000, `${checked} terms checked`);
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
    const chunk = JSON.parse(largeFiles.get(chunkFile(chunkOf(largeEntry.chunks, 'common')))!) as {
      terms: [string, number[], number[], number[] | number][];
    };
    assert.equal(chunk.terms.find(([term]) => term === 'common')![3], 900, 'the count of pages, not the postings');
    const largeWhole = createEngine(large);
    for (const query of ['common', `common ${large[5].title.split(' ')[0]}`, large[9].title])
      same(rankIds(load(largeFiles, query), query), rankIds(largeWhole, query), query);
  });

  test('is found beside its records file; an entry of another format is not one', () => {
    assert.equal(
      shardsUrlOf('/docs/static/search_index.en.0123456789.json'),
      '/docs/static/search/en.0123456789/index.json',
    );
    assert.equal(shardsUrlOf('/records.json'), undefined);
    assert.equal(readEntry([]), undefined);
    assert.equal(readEntry({ ...entry, docsSearch: 1 }), undefined);
    assert.equal(readEntry({ ...entry, fieldLength: [1, 2] }), undefined);
    assert.throws(
      () => readChunk({ terms: [['x', [0, 1], [], [5000, 1, 1]]], titles: [] }, entry.documentCount),
      /past the index/,
    );
    assert.throws(() => readChunk({ terms: [['x', [0, 1], [], [0, 1]]], titles: [] }, 10), /damaged/);
    const head = {
      id: 3,
      routePath: '/api/expect',
      title: 'Expect',
      section: ['API'],
      toc: [
        { text: 'expect.soft', id: 'expectsoft', depth: 3 },
        { text: 'Custom matchers', id: 'custom-matchers', depth: 2 },
        { text: 'expect', id: 'expect-function', depth: 3 },
      ],
      lang: 'en',
      version: '',
    };
    const encoded = encodeHead(head);
    assert.deepEqual(JSON.parse(encoded)[3], [
      'expect.soft',
      0,
      3,
      'Custom matchers',
      0,
      2,
      'expect',
      'expect-function',
      3,
    ]);
    assert.deepEqual(
      readHead(JSON.parse(encoded), 3, entry),
      head,
      'an id its text makes is written as 0, and read back',
    );
    assert.equal(readHead(['//evil.example/', 'Evil', [], []], 0, entry), undefined, 'a route off the site');
    assert.equal(readHead(['/a/', 'A', [], ['text', 'id']], 0, entry), undefined, 'a heading cut short');
    assert.throws(() => readFragment([-1, 0, 0, 9, 0, 'short']), /not a text fragment/);
  });
});
