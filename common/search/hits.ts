// Turns ranked pages into what the search modal shows: a title, header or content hit with highlight
// ranges, and for content hits a snippet of about 100 columns around the match (CJK characters count 3).
import type { RankedPage } from './rank.ts';
import type { SearchRecord, SearchTocEntry } from './record.ts';
import { foldLatin, isCjk } from './tokenize.ts';

export type HitType = 'title' | 'header' | 'content';

export interface HighlightRange {
  start: number;
  length: number;
}

export interface SearchHit {
  type: HitType;
  /** The page's title. */
  title: string;
  /** Where the page lives: its nav entry and sidebar groups (empty when the index does not say). */
  section: string[];
  /** Heading trail (`Example > Per-file override`): the matched heading, or the section of a content match. */
  header: string;
  link: string;
  query: string;
  /** Ranges in the hit's main text: the title, the header, or the statement. */
  highlights: HighlightRange[];
  /** Content hits: the snippet around the match. */
  statement?: string;
}

export const SNIPPET_WIDTH = 100;
/** How much of the snippet shows before the match. */
const LEAD_WIDTH = 30;
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3040-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Display width of a character: wide (CJK) characters count 3, as the spec's snippet length does. */
export const charWidth = (char: string): number => (WIDE.test(char) ? 3 : 1);

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}_$]/u.test(c) && !isCjk(c);

const folds = new Map<string, string>();

/** The text lower-cased with accents folded, position for position (cached: page texts are searched again and again). */
function foldInPlace(text: string): string {
  let folded = folds.get(text);
  if (folded === undefined) {
    folded = /^[\x00-\x7f]*$/.test(text)
      ? text.toLowerCase()
      : Array.from(text, (c) => (c.length === 1 && c > '\x7f' ? (foldLatin(c)[0] ?? c) : c.toLowerCase())).join('');
    if (folds.size > 256) folds.clear();
    folds.set(text, folded);
  }
  return folded;
}

/**
 * Where the terms occur in a text, ignoring case and accents; sorted, overlaps merged. A Latin term must
 * start a word or a camelCase part (`been` in `toHaveBeenCalled`, not in `abeen`); CJK terms match anywhere.
 */
export function highlightRanges(text: string, terms: string[]): HighlightRange[] {
  const folded = foldInPlace(text);
  const found: HighlightRange[] = [];
  for (const raw of terms) {
    const cjk = isCjk(raw[0]);
    const term = cjk ? raw : foldLatin(raw);
    if (!term) continue;
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      if (!cjk && isWordChar(text[at - 1]) && !/[a-z\d][A-Z]/.test(text.slice(at - 1, at + 1))) continue;
      found.push({ start: at, length: term.length });
    }
  }
  found.sort((a, b) => a.start - b.start || b.length - a.length);
  const merged: HighlightRange[] = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.start + last.length)
      last.length = Math.max(last.length, r.start + r.length - last.start);
    else merged.push({ ...r });
  }
  return merged;
}

/** The heading trail of a toc entry: its parents (lower depth, earlier) and itself. */
export function headingTrail(toc: SearchTocEntry[], index: number): string {
  const trail = [toc[index]];
  for (let i = index - 1; i >= 0 && trail[0].depth > 2; i--) if (toc[i].depth < trail[0].depth) trail.unshift(toc[i]);
  return trail.map((t) => t.text).join(' > ');
}

/** A snippet of about `width` columns around `at`, cut at word boundaries, with `…` where text was left out. */
export function snippet(
  text: string,
  at: number,
  matchLength: number,
  width = SNIPPET_WIDTH,
): { statement: string; offset: number } {
  let start = at;
  let used = 0;
  while (start > 0 && used + charWidth(text[start - 1]) <= LEAD_WIDTH) used += charWidth(text[--start]);
  // Do not start in the middle of a word (Latin); CJK can be cut anywhere.
  if (start > 0 && isWordChar(text[start - 1]) && isWordChar(text[start])) {
    const space = text.slice(start, at).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = start;
  used = 0;
  while (end < text.length && (used + charWidth(text[end]) <= width || end < at + matchLength))
    used += charWidth(text[end++]);
  if (end < text.length && isWordChar(text[end - 1]) && isWordChar(text[end])) {
    const space = text.slice(at + matchLength, end).search(/\s\S*$/);
    if (space >= 0) end = at + matchLength + space;
  }
  const body = text.slice(start, end).trim();
  const lead = text.slice(start, end).length - text.slice(start, end).trimStart().length;
  const prefix = start > 0 ? '…' : '';
  return { statement: `${prefix}${body}${end < text.length ? '…' : ''}`, offset: start + lead - prefix.length };
}

/** The best place for a snippet: the range with the most distinct terms in the 60 characters from it, earliest first. */
function bestAnchor(text: string, ranges: HighlightRange[]): HighlightRange | undefined {
  const key = (r: HighlightRange) => foldInPlace(text).slice(r.start, r.start + r.length);
  const counts = new Map<string, number>();
  let best: HighlightRange | undefined;
  let bestScore = 0;
  let end = 0;
  // A sliding window over the sorted ranges: each enters and leaves once.
  for (const r of ranges) {
    while (end < ranges.length && ranges[end].start < r.start + 60) {
      const k = key(ranges[end++]);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    if (counts.size > bestScore) {
      best = r;
      bestScore = counts.size;
    }
    const k = key(r);
    const left = counts.get(k)! - 1;
    if (left) counts.set(k, left);
    else counts.delete(k);
  }
  return best;
}

/** How well a text matches: the summed length of the terms it contains (a whole identifier outweighs its parts). */
const matchScore = (text: string, terms: string[]) =>
  terms.reduce((sum, term) => sum + (highlightRanges(text, [term]).length ? term.length : 0), 0);

/** One hit for a ranked page: title if its title matches best, else the best heading, else a content snippet. */
export function hitOfPage(page: RankedPage, query: string): SearchHit {
  const { record, terms } = page;
  const titleScore = matchScore(record.title, terms);
  let bestHeader = -1;
  let headerScore = 0;
  record.toc.forEach((entry, i) => {
    const score = matchScore(entry.text, terms);
    if (score > headerScore) {
      bestHeader = i;
      headerScore = score;
    }
  });
  // A title or heading speaks for the page only if it holds at least half of what the page matches: a
  // heading that only shares "to" with `toHaveBeenCalledWith` must not hide the passage that has it all.
  const pageScore = Math.max(titleScore, matchScore(record.content, terms));
  const enough = (score: number) => score > 0 && score * 2 >= pageScore;
  const base = { title: record.title, section: record.section ?? [], query };
  if (enough(titleScore) && titleScore >= headerScore) {
    return {
      ...base,
      type: 'title',
      header: '',
      link: record.routePath,
      highlights: highlightRanges(record.title, terms),
    };
  }
  if (enough(headerScore)) {
    const entry = record.toc[bestHeader];
    const headerText = headingTrail(record.toc, bestHeader);
    return {
      ...base,
      type: 'header',
      header: headerText,
      link: `${record.routePath}#${entry.id}`,
      highlights: highlightRanges(headerText, terms),
    };
  }
  const ranges = highlightRanges(record.content, terms);
  const anchor = bestAnchor(record.content, ranges);
  if (!anchor) {
    // Nothing to quote (a fuzzy match in the title, say): show the page itself.
    return { ...base, type: 'title', header: '', link: record.routePath, highlights: [] };
  }
  const { statement, offset } = snippet(record.content, anchor.start, anchor.length);
  const bodyEnd = statement.endsWith('…') ? statement.length - 1 : statement.length;
  const section = sectionAt(record, anchor.start);
  return {
    ...base,
    type: 'content',
    header: section >= 0 ? headingTrail(record.toc, section) : '',
    link: section >= 0 ? `${record.routePath}#${record.toc[section].id}` : record.routePath,
    statement,
    highlights: ranges
      .map((r) => ({ start: r.start - offset, length: r.length }))
      .filter((r) => r.start >= 0 && r.start + r.length <= bodyEnd),
  };
}

/** Index in the toc of the section holding content offset `at` (-1: before the first heading). */
function sectionAt(record: SearchRecord, at: number): number {
  let found = -1;
  record.toc.forEach((entry, i) => {
    if (entry.charIndex <= at) found = i;
  });
  return found;
}

/** Splits a text into plain and highlighted parts, for rendering as text nodes (never as HTML). */
export function splitHighlights(text: string, ranges: HighlightRange[]): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start > at) parts.push({ text: text.slice(at, r.start), mark: false });
    parts.push({ text: text.slice(r.start, r.start + r.length), mark: true });
    at = r.start + r.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
