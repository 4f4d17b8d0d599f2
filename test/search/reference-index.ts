// The engine counts terms from the compact index's pieces (common/search/engine.ts); this is the check that it
// holds exactly what MiniSearch makes of the same records when it tokenizes them itself with the shared
// tokenizer: the same terms, postings, field lengths and average lengths (so BM25 scores are the same).
import assert from 'node:assert/strict';
import MiniSearch from 'minisearch';
import { FIELDS, type SearchEngine } from '../../common/search/engine.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { indexTerms } from '../../common/search/tokenize.ts';

/** MiniSearch indexing the records itself with the shared tokenizer: what the engine's counts must equal. */
function referenceMiniSearch(records: SearchRecord[]): MiniSearch<SearchRecord> {
  const mini = new MiniSearch<SearchRecord>({
    fields: FIELDS,
    idField: 'id',
    extractField: (doc, field) =>
      field === 'headers' ? doc.toc.map((t) => t.text).join('\n') : (doc as unknown as Record<string, string>)[field],
    tokenize: (text) => indexTerms(text),
    processTerm: (term) => term,
  });
  mini.addAll(records);
  return mini;
}

/** Every term's postings (field → page → count), and each page's field lengths, as plain data: MiniSearch's own serialization. */
function postingsOf(mini: MiniSearch<SearchRecord>, terms: string[]) {
  const { index, fieldLength, averageFieldLength } = mini.toJSON();
  const byTerm = new Map(index);
  const plain = (data: Record<string, Record<string, number>> | undefined) =>
    data && Object.fromEntries(Object.entries(data).filter(([, pages]) => Object.keys(pages).length));
  return {
    postings: Object.fromEntries(terms.map((t) => [t, plain(byTerm.get(t))])),
    fieldLength,
    average: averageFieldLength,
  };
}

/** Checks that an engine counted from pieces holds exactly what MiniSearch indexing the records holds. */
export function assertSameIndex(engine: SearchEngine, records: SearchRecord[]): void {
  const reference = referenceMiniSearch(records);
  const referenceTerms = reference
    .toJSON()
    .index.map(([t]) => t)
    .sort();
  assert.deepEqual(
    engine.mini
      .toJSON()
      .index.map(([t]) => t)
      .sort(),
    referenceTerms,
    'the same terms',
  );
  assert.deepEqual(postingsOf(engine.mini, referenceTerms), postingsOf(reference, referenceTerms));
}
