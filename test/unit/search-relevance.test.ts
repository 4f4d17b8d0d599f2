// Relevance of the real site's search (test/search/queries.json): for each language, at least 90 % of the
// queries find their page among the first 3 results. Misses are listed in the failure message.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createEngine } from '../../common/search/engine.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { setSegmenterForTests } from '../../common/search/tokenize.ts';
import { evaluate, loadQueries, realSiteRecords, type RelevanceReport } from '../search/relevance.ts';

const queries = loadQueries();
let groups: Map<string, SearchRecord[]>;
before(async () => {
  groups = await realSiteRecords();
});

const describeMisses = (report: RelevanceReport) =>
  report.misses.map((m) => `  "${m.query}" wants ${m.page}, got ${m.got.join(', ') || 'nothing'}`).join('\n');

describe('search relevance on the real content', () => {
  test('the set has at least 20 queries per language, each naming a page of the index', () => {
    for (const lang of ['en', 'zh']) {
      assert.ok(queries[lang].length >= 20, `${lang}: ${queries[lang].length} queries`);
      const routes = new Set(groups.get(lang)!.map((r) => r.routePath));
      for (const q of queries[lang]) assert.ok(routes.has(q.page), `${lang} "${q.query}": ${q.page} is not an indexed page`);
    }
  });

  for (const lang of ['en', 'zh']) {
    test(`${lang}: hit@3 is at least 90 %`, () => {
      const report = evaluate(lang, groups.get(lang)!, queries[lang]);
      assert.ok(report.rate >= 0.9, `hit@3 ${(report.rate * 100).toFixed(1)} % (${report.found}/${report.total}); misses:\n${describeMisses(report)}`);
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
