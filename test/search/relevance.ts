// The relevance set (queries.json) against the real site's index: where each query's page ranks.
// Shared by the hit@3 test (test/unit/search-relevance.test.ts) and bench/search.ts.
import fs from 'node:fs';
import path from 'node:path';
import { createEngine, type SearchEngine } from '../../common/search/engine.ts';
import { rankIds, type RankedPage } from '../../common/search/rank.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { buildSite } from '../../eleventy/build.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface RelevanceQuery {
  query: string;
  /** Route path of the page the query must find. */
  page: string;
  note?: string;
}

export interface RelevanceReport {
  lang: string;
  total: number;
  /** Queries whose page is among the first 3 results. */
  found: number;
  rate: number;
  misses: { query: string; page: string; got: string[] }[];
}

export function loadQueries(): Record<string, RelevanceQuery[]> {
  const raw = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/search/queries.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !key.startsWith('$'))) as Record<
    string,
    RelevanceQuery[]
  >;
}

/** The records of the real site (content/), per index key, as the build writes them. */
export async function realSiteRecords(): Promise<Map<string, SearchRecord[]>> {
  return new Map([...(await realSiteIndexes())].map(([key, { records }]) => [key, records]));
}

/**
 * Per index key: the records, and the index's files by name in their folder (what the site's search downloads, a
 * query's worth at a time).
 */
export async function realSiteIndexes(): Promise<
  Map<string, { records: SearchRecord[]; shards: Map<string, string> }>
> {
  const model = await buildSite({ configFile: path.join(ROOT, 'site.config.ts'), cacheDir: path.join(ROOT, '.cache') });
  return new Map(
    model.searchIndex.sets.map((set) => [
      set.key,
      {
        records: JSON.parse(set.records.json) as SearchRecord[],
        shards: new Map(set.shards.map((f) => [path.posix.basename(f.file), f.json])),
      },
    ]),
  );
}

/** The best pages for a query with their records (the records' ids are their positions, as the build numbers them). */
export function rankPages(engine: SearchEngine, records: SearchRecord[], query: string, limit = 7): RankedPage[] {
  return rankIds(engine, query, limit).map(({ id, ...rest }) => ({ record: records[id], ...rest }));
}

export function evaluate(
  lang: string,
  records: SearchRecord[],
  queries: RelevanceQuery[],
  engine: SearchEngine = createEngine(records),
): RelevanceReport {
  const top = 3;
  const misses: RelevanceReport['misses'] = [];
  for (const { query, page } of queries) {
    const got = rankPages(engine, records, query, top).map((r) => r.record.routePath);
    if (!got.includes(page)) misses.push({ query, page, got });
  }
  const found = queries.length - misses.length;
  return { lang, total: queries.length, found, rate: queries.length ? found / queries.length : 0, misses };
}
