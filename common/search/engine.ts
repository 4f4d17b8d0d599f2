// The MiniSearch set-up both sides share (fields, tokenizer, CJK spelling), building an engine from records
// or loading the one prebuilt at build time, and how many pages' text holds each term (for query planning).
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import type { SearchRecord } from './record.ts';
import { indexTerms, isCjk } from './tokenize.ts';

export interface SearchEngine {
  mini: MiniSearch<SearchRecord>;
  /** Term → in how many pages' text (the content field) it occurs. */
  contentDf: Map<string, number>;
  /** Content terms, sorted: the range a prefix expands to (built on first need). */
  sortedTerms?: string[];
}

/**
 * CJK terms as the engine stores them: `~` + four hex digits per UTF-16 unit (测试 → ~6d4b8bd5).
 * MiniSearch's radix tree scans a node's children linearly; thousands of distinct Han characters at
 * its root made indexing and loading Chinese ~40× slower than English. Hex keeps every node ≤ 16 wide.
 */
export function engineTerm(term: string): string {
  if (!isCjk(term[0])) return term;
  let out = '~';
  for (let i = 0; i < term.length; i++) out += term.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

/** The readable form of an engine term (for highlighting). */
export function readableTerm(term: string): string {
  if (term[0] !== '~') return term;
  let out = '';
  for (let i = 1; i + 4 <= term.length; i += 4) out += String.fromCharCode(parseInt(term.slice(i, i + 4), 16));
  return out;
}

export const FIELDS = ['title', 'headers', 'content'];

function engineOptions(tokenize: (text: string, field?: string) => string[] = indexTerms): Options<SearchRecord> {
  return {
    fields: FIELDS,
    idField: 'id',
    extractField: (doc, field) =>
      field === 'headers' ? doc.toc.map((t) => t.text).join('\n') : (doc as unknown as Record<string, string>)[field],
    tokenize,
    // indexTerms already normalizes; this only re-spells CJK terms (see engineTerm).
    processTerm: (term) => engineTerm(term),
  };
}

export function createEngine(records: SearchRecord[]): SearchEngine {
  const contentDf = new Map<string, number>();
  // Counted while MiniSearch tokenizes (once per page and field), so nothing is tokenized twice.
  const mini = new MiniSearch<SearchRecord>(
    engineOptions((text, field) => {
      const terms = indexTerms(text);
      if (field === 'content') {
        for (const raw of new Set(terms)) {
          const term = engineTerm(raw);
          contentDf.set(term, (contentDf.get(term) ?? 0) + 1);
        }
      }
      return terms;
    }),
  );
  mini.addAll(records);
  return { mini, contentDf };
}

/** The prebuilt index file's text: MiniSearch's own serialization. */
export function serializeEngine(engine: SearchEngine): string {
  return JSON.stringify(engine.mini);
}

/** Loads an index serialized at build time, skipping tokenization in the browser. */
export function loadEngine(json: string): SearchEngine {
  const plain = JSON.parse(json) as AsPlainObject;
  const contentField = String(plain.fieldIds.content);
  const contentDf = new Map<string, number>();
  for (const [term, byField] of plain.index) {
    const postings = byField[contentField];
    if (postings) contentDf.set(term, Object.keys(postings).length);
  }
  return { mini: MiniSearch.loadJS<SearchRecord>(plain, engineOptions()), contentDf };
}

/** In how many pages' text the term occurs, or the terms it starts (a prefix), at most. */
export function contentFrequency(engine: SearchEngine, term: string, asPrefix: boolean): number {
  if (!asPrefix) return engine.contentDf.get(term) ?? 0;
  engine.sortedTerms ??= [...engine.contentDf.keys()].sort();
  const terms = engine.sortedTerms;
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid] < term) lo = mid + 1;
    else hi = mid;
  }
  let sum = 0;
  for (let i = lo; i < terms.length && terms[i].startsWith(term); i++) sum += engine.contentDf.get(terms[i])!;
  return sum;
}
