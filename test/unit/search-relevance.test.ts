// Relevance of the real site's search (test/search/queries.json): for each language, at least 90 % of the
// queries find their page among the first 3 results. Misses are listed in the failure message.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createEngine, type SearchEngine } from '../../common/search/engine.ts';
import { isFuzzy, rankIds, type RankedId } from '../../common/search/rank.ts';
import {
  chunkFile,
  chunksOfQuery,
  ENTRY_FILE,
  pageFile,
  readEntry,
  readPage,
  ShardedEngine,
} from '../../common/search/shards.ts';
import { hitOfPage } from '../../common/search/hits.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { queryTerms, setSegmenterForTests } from '../../common/search/tokenize.ts';
import { evaluate, loadQueries, realSiteIndexes, type RelevanceReport } from '../search/relevance.ts';

const queries = loadQueries();
let groups: Map<string, SearchRecord[]>;
let shards: Map<string, Map<string, string>>;
before(async () => {
  const indexes = await realSiteIndexes();
  groups = new Map([...indexes].map(([key, { records }]) => [key, records]));
  shards = new Map([...indexes].map(([key, index]) => [key, index.shards]));
});

/** The sharded index with the chunks a query needs loaded (fresh: a first search), as the browser loads them. */
function firstShards(files: Map<string, string>, query: string): ShardedEngine {
  const sharded = new ShardedEngine(readEntry(JSON.parse(files.get(ENTRY_FILE)!))!);
  for (const n of chunksOfQuery(sharded.entry.chunks, query)) sharded.add(n, JSON.parse(files.get(chunkFile(n))!));
  return sharded;
}
const firstSearch = (files: Map<string, string>, query: string): SearchEngine => firstShards(files, query).engine();

/** Two rankings agree: the same pages in the same order, their scores equal but for floating-point rounding. */
function assertSameRanking(actual: RankedId[], expected: RankedId[], what: string): void {
  assert.deepEqual(
    actual.map((r) => r.id),
    expected.map((r) => r.id),
    what,
  );
  actual.forEach((r, i) =>
    assert.ok(
      Math.abs(r.score - expected[i].score) <= 1e-9 * Math.abs(expected[i].score),
      `${what}: score ${r.score} ≠ ${expected[i].score}`,
    ),
  );
  assert.deepEqual(
    actual.map((r) => r.terms),
    expected.map((r) => r.terms),
    what,
  );
}

const describeMisses = (report: RelevanceReport) =>
  report.misses.map((m) => `  "${m.query}" wants ${m.page}, got ${m.got.join(', ') || 'nothing'}`).join('\n');

describe('search relevance on the real content', () => {
  test('the set has at least 20 queries per language, each naming a page of the index', () => {
    for (const lang of ['en', 'zh']) {
      assert.ok(queries[lang].length >= 20, `${lang}: ${queries[lang].length} queries`);
      const routes = new Set(groups.get(lang)!.map((r) => r.routePath));
      for (const q of queries[lang])
        assert.ok(routes.has(q.page), `${lang} "${q.query}": ${q.page} is not an indexed page`);
    }
  });

  for (const lang of ['en', 'zh']) {
    test(`${lang}: hit@3 is at least 90 %`, () => {
      const report = evaluate(lang, groups.get(lang)!, queries[lang]);
      assert.ok(
        report.rate >= 0.9,
        `hit@3 ${(report.rate * 100).toFixed(1)} % (${report.found}/${report.total}); misses:\n${describeMisses(report)}`,
      );
    });
  }

  for (const lang of ['en', 'zh']) {
    test(`${lang}: the chunks the site ships, all loaded, are MiniSearch's whole index of the records`, () => {
      const files = shards.get(lang)!;
      const sharded = new ShardedEngine(readEntry(JSON.parse(files.get(ENTRY_FILE)!))!);
      sharded.entry.chunks.forEach((_, n) => sharded.add(n, JSON.parse(files.get(chunkFile(n))!)));
      const whole = createEngine(groups.get(lang)!).mini.toJSON();
      const loaded = sharded.engine().mini.toJSON();
      const sorted = (index: typeof whole.index) => [...index].sort(([a], [b]) => (a < b ? -1 : 1));
      assert.equal(loaded.index.length, whole.index.length, 'the same number of terms');
      assert.deepEqual(sorted(loaded.index), sorted(whole.index), 'the same terms and postings');
      assert.deepEqual(
        [loaded.documentCount, loaded.fieldLength, loaded.averageFieldLength],
        [whole.documentCount, whole.fieldLength, whole.averageFieldLength],
        'the same statistics',
      );
    });

    test(`${lang}: the sharded index scores every query, as it is typed, as the whole index does (global statistics)`, () => {
      const whole = createEngine(groups.get(lang)!);
      const files = shards.get(lang)!;
      let typos = 0;
      let sameTop3 = 0;
      for (const { query } of queries[lang]) {
        for (let i = 1; i <= query.length; i++) {
          const typed = query.slice(0, i);
          const sharded = firstSearch(files, typed);
          const { whole: words } = queryTerms(typed);
          if (![...words].some((word) => isFuzzy(whole, word, words))) {
            assertSameRanking(rankIds(sharded, typed), rankIds(whole, typed), typed);
            continue;
          }
          // A word no page has as typed is matched with typos forgiven among the terms of the chunks the query
          // loaded (the whole index looks among all): the scores of everything else are still the same.
          typos++;
          assertSameRanking(
            rankIds(sharded, typed, 7, undefined, { fuzzy: false }),
            rankIds(whole, typed, 7, undefined, { fuzzy: false }),
            `${typed} (typos not forgiven)`,
          );
          const top3 = (engine: SearchEngine) => rankIds(engine, typed, 3).map((r) => r.id);
          if (JSON.stringify(top3(sharded)) === JSON.stringify(top3(whole))) sameTop3++;
        }
      }
      console.log(`${lang}: ${typos} typed queries with a word forgiven typos, the same top 3 in ${sameTop3}`);
    });

    test(`${lang}: every query, as it is typed, shows the same hits from the page files as from the whole records`, () => {
      const records = groups.get(lang)!;
      const files = shards.get(lang)!;
      const whole = createEngine(records);
      let total = 0;
      let ranked = 0;
      for (const { query } of queries[lang]) {
        for (let i = 1; i <= query.length; i++) {
          const typed = query.slice(0, i);
          const sharded = firstShards(files, typed);
          const expected = rankIds(whole, typed);
          // The pages both rank alike (all of them but where a typo is forgiven among other terms: see above).
          rankIds(sharded.engine(), typed).forEach(({ id, ...r }, at) => {
            ranked++;
            const w = expected[at];
            if (w?.id !== id || JSON.stringify(w.terms) !== JSON.stringify(r.terms)) return;
            total++;
            const record = readPage(JSON.parse(files.get(pageFile(id))!), id, sharded.entry)!;
            assert.deepEqual(
              hitOfPage({ record, ...r }, typed),
              hitOfPage({ record: records[id], ...w }, typed),
              `${typed}: ${records[id].routePath}`,
            );
          });
        }
      }
      assert.ok(total >= 0.9 * ranked, `${total} of ${ranked} hits compared`);
      console.log(`${lang}: ${total} of ${ranked} hits compared`);
    });

    test(`${lang}: hit@3 of the sharded index (each query a first search) is the whole index's or better`, () => {
      const records = groups.get(lang)!;
      const whole = createEngine(records);
      const routeOf = (id: number) => records[id].routePath;
      let sharded = 0;
      let inWhole = 0;
      for (const { query, page } of queries[lang]) {
        if (rankIds(firstSearch(shards.get(lang)!, query), query, 3).some((r) => routeOf(r.id) === page)) sharded++;
        if (rankIds(whole, query, 3).some((r) => routeOf(r.id) === page)) inWhole++;
      }
      assert.ok(sharded >= inWhole, `sharded ${sharded}, whole ${inWhole} of ${queries[lang].length}`);
    });
  }

  test('zh: hit@3 stays at least 90 % when the browser lacks Intl.Segmenter (queries take the bigram-only path)', () => {
    // The index is built at build time, with the segmenter; only the query side loses it.
    const engine = createEngine(groups.get('zh')!);
    setSegmenterForTests(null);
    try {
      const report = evaluate('zh', groups.get('zh')!, queries.zh, engine);
      assert.ok(report.rate >= 0.9, `hit@3 ${(report.rate * 100).toFixed(1)} %; misses:\n${describeMisses(report)}`);
    } finally {
      setSegmenterForTests(undefined);
    }
  });
});
