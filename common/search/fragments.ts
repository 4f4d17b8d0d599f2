// A page's text cut into fragments, what a content hit's snippet is cut from: about FRAGMENT_WIDTH columns each,
// cut where a section starts (a heading's `charIndex`) once half of that is reached, else beside a space or a
// punctuation mark (short sections share a fragment, long ones are cut). Each carries the few columns around it
// that a snippet at its edge shows, and where its sections start. A content hit quotes the fragment where the
// query's terms first occur together (`bestFragment`), found from each term's first fragment on the page: the
// sharded index stores it beside each text posting (shard-files.ts), a whole record works it out from its pieces
// or its text (`firstFragmentsOf`): the same cut and the same terms on both sides, so both quote the same passage.
// Pure: shared by the build and the browser.
import { type ContentPieces, contentPiecesOf } from './compact.ts';
import type { SearchRecord } from './record.ts';
import { CJK_PIECE, GAP, pieceKind, pieceTerms, textPieces } from './tokenize.ts';

/** About how many columns (CJK characters count 3, as in snippets) a fragment holds, context left out. */
export const FRAGMENT_WIDTH = 900;
/** Columns of text before and after a fragment that it carries: a snippet's lead and its run past the match. */
const LEAD_COLUMNS = 30;
const TAIL_COLUMNS = 100;

/** A fragment: its own text, `text.slice(from, to)`, starting at `at + from` in the page's text. */
export interface TextFragment {
  /**
   * Its sections, as [offset in `text`, toc entry] (-1: before the first heading): the one it starts in (at
   * `from`), then each that starts in it.
   */
  sections: [at: number, section: number][];
  /** Where `text` starts in the page's text. */
  at: number;
  from: number;
  to: number;
  /** The fragment with its context: up to LEAD_COLUMNS before, up to TAIL_COLUMNS after. */
  text: string;
  /** Whether the page's text goes on after `text`. */
  more: boolean;
}

/** A character's columns, as hits.ts's charWidth counts them (by code: this runs for every character of the site's text). */
function width(char: string): number {
  const c = char.charCodeAt(0);
  if (c < 0x1100) return 1;
  const wide =
    c <= 0x115f ||
    (c >= 0x2e80 && c <= 0x303e) ||
    (c >= 0x3040 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6);
  return wide ? 3 : 1;
}
/**
 * A place where a text may be cut without changing its terms: beside a space or a CJK punctuation mark (no
 * identifier, CJK run or highlight match spans one), so the fragments' terms are the text's, fragment by fragment.
 */
const SEPARATOR = /[\s\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/;
const canCut = (text: string, at: number) =>
  at > 0 && at < text.length && (SEPARATOR.test(text[at - 1]) || SEPARATOR.test(text[at]));

/** The section starts a fragment is cut at: each heading's offset where it is a place to cut, ascending. */
function sectionStarts(text: string, toc: SearchRecord['toc']): { at: number; section: number }[] {
  const starts = [{ at: 0, section: -1 }];
  toc.forEach((entry, section) => {
    const last = starts[starts.length - 1];
    if (entry.charIndex === last.at) last.section = section;
    else if (entry.charIndex > last.at && canCut(text, entry.charIndex)) starts.push({ at: entry.charIndex, section });
  });
  return starts;
}

const cache = new WeakMap<SearchRecord, TextFragment[]>();

/** A page's fragments, in the order of its text (cached per record). */
export function textFragments(record: Pick<SearchRecord, 'content' | 'toc'>): TextFragment[] {
  const cached = cache.get(record as SearchRecord);
  if (cached) return cached;
  const text = record.content;
  const out: TextFragment[] = [];
  const starts = sectionStarts(text, record.toc);
  let next = 1;
  let from = 0;
  while (from < text.length) {
    // On to the next section's start once half the width is reached, else to the next place to cut after it.
    const sections: [number, number][] = [[from, starts[next - 1].section]];
    let to = from;
    let used = 0;
    while (to < text.length) {
      used += width(text[to++]);
      if (next < starts.length && starts[next].at === to) {
        if (used >= FRAGMENT_WIDTH / 2) break;
        sections.push([to, starts[next++].section]);
      } else if (used >= FRAGMENT_WIDTH && to < text.length && canCut(text, to)) break;
    }
    if (next < starts.length && starts[next].at === to) next++;
    let start = from;
    for (let lead = 0; start > 0 && lead + width(text[start - 1]) <= LEAD_COLUMNS; ) lead += width(text[--start]);
    let stop = to;
    for (let tail = 0; stop < text.length && tail + width(text[stop]) <= TAIL_COLUMNS; ) tail += width(text[stop++]);
    out.push({
      sections: sections.map(([at, section]) => [at - start, section]),
      at: start,
      from: from - start,
      to: to - start,
      text: text.slice(start, stop),
      more: stop < text.length,
    });
    from = to;
  }
  cache.set(record as SearchRecord, out);
  return out;
}

const pieceTermsCache = new Map<string, string[]>();

/** A piece's terms (pieceTerms), cached: pieces recur. */
function termsOfPiece(piece: string): string[] {
  let terms = pieceTermsCache.get(piece);
  if (!terms) {
    terms = pieceTerms(piece);
    if (pieceTermsCache.size >= 100_000) pieceTermsCache.clear();
    pieceTermsCache.set(piece, terms);
  }
  return terms;
}

/** The index's terms of a text (`indexTerms`, as the compact index counts them: each piece's, and CJK pairs across pieces). */
export function termSet(text: string): Set<string> {
  const out = new Set<string>();
  let previous = '';
  for (const piece of textPieces(text)) {
    for (const term of termsOfPiece(piece)) out.add(term);
    const cjk = pieceKind(piece) === CJK_PIECE;
    if (cjk && previous) out.add(previous[previous.length - 1] + piece[0]);
    previous = cjk ? piece : '';
  }
  return out;
}

/** Each term of a page's text and the first fragment it occurs in (by fragment number). */
export function firstFragments(fragments: TextFragment[]): Map<string, number> {
  const first = new Map<string, number>();
  fragments.forEach((fragment, n) => {
    for (const term of termSet(fragment.text.slice(fragment.from, fragment.to)))
      if (!first.has(term)) first.set(term, n);
  });
  return first;
}

/**
 * Where a page's fragments after the first start among the pieces of its text (`textPieces`, as the compact index
 * numbers them): for each fragment n ≥ 1, the first piece at or past its start. A fragment is cut beside a
 * separator, which no piece with terms holds: every such piece lies in one fragment, and their terms are the
 * fragment's (termSet). A piece's fragment is the number of cuts at or before it.
 */
export function fragmentCuts(
  fragments: TextFragment[],
  { numbers, pieces }: Pick<ContentPieces, 'numbers' | 'pieces'>,
): Uint32Array {
  const cuts = new Uint32Array(Math.max(0, fragments.length - 1));
  let at = 0;
  let k = 0;
  for (let n = 1; n < fragments.length; n++) {
    const start = fragments[n].at + fragments[n].from;
    while (k < numbers.length && at < start) at += pieces[numbers[k++]].length;
    cuts[n - 1] = k;
  }
  return cuts;
}

const firstsCache = new WeakMap<SearchRecord, Map<string, number>>();

/** firstFragments of a whole record (cached per record): counted from its pieces when it has them (a compact index's). */
export function firstFragmentsOf(record: SearchRecord): Map<string, number> {
  let first = firstsCache.get(record);
  if (first) return first;
  const content = contentPiecesOf(record);
  if (content) {
    // Each piece's terms, and the pair across two adjacent CJK pieces, as the compact index counts them.
    const { numbers, pieces, kinds } = content;
    const found = new Map<string, number>();
    const add = (term: string, n: number) => {
      if (!found.has(term)) found.set(term, n);
    };
    const cuts = fragmentCuts(textFragments(record), content);
    let n = 0;
    let previous = -1;
    numbers.forEach((p, k) => {
      while (n < cuts.length && cuts[n] <= k) n++;
      if (kinds[p] !== GAP) for (const term of termsOfPiece(pieces[p])) add(term, n);
      if (kinds[p] === CJK_PIECE && previous >= 0 && kinds[previous] === CJK_PIECE)
        add(pieces[previous].slice(-1) + pieces[p][0], n);
      previous = p;
    });
    first = found;
  } else first = firstFragments(textFragments(record));
  firstsCache.set(record, first);
  return first;
}

/**
 * The fragment a content hit quotes: where the most of the query's terms first occur (each group: the page's
 * terms one query term matched in its text), the earliest of those; undefined when none occurs.
 */
export function bestFragment(groups: string[][], first: (term: string) => number | undefined): number | undefined {
  const counts = new Map<number, number>();
  for (const group of groups) {
    let earliest: number | undefined;
    for (const term of group) {
      const n = first(term);
      if (n !== undefined && (earliest === undefined || n < earliest)) earliest = n;
    }
    if (earliest !== undefined) counts.set(earliest, (counts.get(earliest) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [n, count] of counts)
    if (best === undefined || count > counts.get(best)! || (count === counts.get(best)! && n < best)) best = n;
  return best;
}
