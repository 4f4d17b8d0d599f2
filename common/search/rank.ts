// Page ranking for a query: an exact title first, then pages holding every query term, then the rest;
// within a tier by MiniSearch's BM25 score, where titles and headings outweigh body text.
import type { SearchResult } from 'minisearch';
import { contentFrequency, FIELDS, type SearchEngine } from './engine.ts';
import type { SearchRecord } from './record.ts';
import { isCjk, queryTerms, titleKey } from './tokenize.ts';

/** Field weights: a title match counts 5×, a heading 2× a body match. */
export const BOOST = { title: 5, headers: 2, content: 1 };

/**
 * Large sites only (this many pages or more): a query term found in the text of more than COMMON_SHARE of
 * the pages is matched in titles and headings alone. In body text it tells pages apart by almost nothing
 * (BM25 weighs it near zero), yet scoring it means scoring most of the index, which dominates query time on large sites (bench:search measures it).
 */
export const LARGE_INDEX = 1000;
export const COMMON_SHARE = 0.2;

/** A ranked page before its record is at hand (a sharded index fetches only the shown pages' texts). */
export interface RankedId {
  id: number;
  score: number;
  /** What to highlight: the query terms, plus page terms reached by fuzzy matching. */
  terms: string[];
}

export interface RankedPage extends Omit<RankedId, 'id'> {
  record: SearchRecord;
}

/**
 * Whether a typed word is matched with typos forgiven: words as typed (5 letters or more) that no page has (a
 * word found as typed was not mistyped), never the parts of an identifier (`match` of toMatchSnapshot would find
 * `watch`). A sharded index forgives them among the terms of the chunks the query loaded.
 */
export const isFuzzy = (engine: SearchEngine, term: string, whole: Set<string>): boolean =>
  term.length >= 5 && whole.has(term) && engine.index.contentDf(term) === 0;

/** The ids of the best pages for a query, with their scores and what to highlight; `shown`: which pages may be. */
export function rankIds(
  engine: SearchEngine,
  query: string,
  limit = 7,
  shown: (id: number) => boolean = () => true,
  { fuzzy = true } = {},
): RankedId[] {
  const { required: requiredTerms, optional, prefix, whole } = queryTerms(query);
  if (!requiredTerms.length) return [];
  const required = new Set(requiredTerms);
  const all = [...required, ...optional];
  const pages = engine.mini.documentCount;
  const common =
    pages >= LARGE_INDEX ? all.filter((t) => contentFrequency(engine, t, prefix.has(t)) > COMMON_SHARE * pages) : [];
  const options = {
    // The query arrives as terms already: join with spaces and split back.
    tokenize: (text: string) => text.split(' '),
    processTerm: (term: string) => term,
    prefix: (term: string) => prefix.has(term),
    fuzzy: (term: string) => (fuzzy && isFuzzy(engine, term, whole) ? 0.2 : false),
    maxFuzzy: 2,
    boost: BOOST,
  };
  const everywhere = all.filter((t) => !common.includes(t));
  const queries = [
    ...(everywhere.length ? [{ ...options, queries: [everywhere.join(' ')], fields: FIELDS }] : []),
    ...(common.length ? [{ ...options, queries: [common.join(' ')], fields: ['title', 'headers'] }] : []),
  ];
  // Equal scores in page order: the same ranking whatever order the engine's index holds its terms in (one built
  // page by page, or chunks loaded in term order).
  const results: SearchResult[] = engine.mini
    .search({ combineWith: 'OR', queries })
    .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
  const exact = engine.titled(titleKey(query));
  const tier = (r: SearchResult) => {
    if (exact.includes(r.id as number)) return 0;
    let held = 0;
    for (const term of r.queryTerms) if (required.has(term)) held++;
    return held === required.size ? 1 : 2;
  };
  // Results come sorted by score: the first `limit` of each tier are all that can make the cut.
  const tiers: SearchResult[][] = [[], [], []];
  for (const r of results) {
    if (!shown(r.id as number)) continue;
    const t = tier(r);
    if (tiers[t].length < limit) tiers[t].push(r);
    if (tiers[0].length + tiers[1].length >= limit) break;
  }
  return tiers
    .flat()
    .slice(0, limit)
    .map((r) => ({ id: r.id as number, score: r.score, terms: highlightTerms(r, whole) }));
}

/**
 * What to highlight for a result: the query terms it holds, and its terms that they do not start (fuzzy
 * matches: a typo finds `retry`). Prefix expansions are left out: their query term already marks them,
 * and a short prefix can expand to hundreds of terms. Two-letter parts of an identifier (`to` of
 * toMatchSnapshot) mark nothing by themselves: every "to" of the page would light up.
 */
function highlightTerms(r: SearchResult, whole: Set<string>): string[] {
  const query = r.queryTerms;
  const extra = r.terms.filter((term) => !query.some((q) => term.startsWith(q)));
  const shown = query.filter((term) => term.length > 2 || isCjk(term[0]) || whole.has(term));
  return [...new Set([...shown, ...extra.slice(0, 16)])];
}
