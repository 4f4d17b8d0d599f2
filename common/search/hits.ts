// Turns ranked pages into what the search modal shows: a title, header or content hit with highlight
// ranges, and for content hits a snippet of about 100 columns around the match (CJK characters count 3).
import type { RankedPage } from './rank.ts';
import type { SearchRecord, SearchTocEntry } from './record.ts';
import { foldLatin, isCjk } from './tokenize.ts';

export interface HighlightRange {
  start: number;
  length: number;
}

export interface SearchHit {
  type: 'title' | 'header' | 'content';
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

const SNIPPET_WIDTH = 100;
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
export function headingTrail(toc: Pick<SearchTocEntry, 'text' | 'depth'>[], index: number): string {
  const trail = [toc[index]];
  for (let i = index - 1; i >= 0 && trail[0].depth > 2; i--) if (toc[i].depth < trail[0].depth) trail.unshift(toc[i]);
  return trail.map((t) => t.text).join(' > ');
}

/** A snippet of about SNIPPET_WIDTH columns around `at`, cut at word boundaries, with `…` where text was left out. */
export function snippet(text: string, at: number, matchLength: number): { statement: string; offset: number } {
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
  while (end < text.length && (used + charWidth(text[end]) <= SNIPPET_WIDTH || end < at + matchLength))
    used += charWidth(text[end++]);
  if (end < text.length && isWordChar(text[end - 1]) && isWordChar(text[end])) {
    const space = text.slice(at + matchLength, end).search(/\s\S*$/);
    if (space >= 0) end = at + matchLength + space;
  }
  const body = text.slice(start, end).trim();
  const lead = text.slice(start, end).length - text.slice(start, end).trimStart().length;
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  return { statement: `${prefix}${body}${suffix}`, offset: start + lead - prefix.length };
}

/**
 * The best place for a snippet: the range where the 60 characters from it hold the most of the query, counted as
 * matchScore counts (each distinct match by its length: a whole identifier outweighs its parts), earliest first.
 */
function bestAnchor(text: string, ranges: HighlightRange[]): HighlightRange | undefined {
  const key = (r: HighlightRange) => foldInPlace(text).slice(r.start, r.start + r.length);
  const counts = new Map<string, number>();
  let best: HighlightRange | undefined;
  let bestScore = 0;
  let score = 0;
  let end = 0;
  // A sliding window over the sorted ranges: each enters and leaves once.
  for (const r of ranges) {
    while (end < ranges.length && ranges[end].start < r.start + 60) {
      const k = key(ranges[end++]);
      const count = counts.get(k) ?? 0;
      if (!count) score += k.length;
      counts.set(k, count + 1);
    }
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
    const k = key(r);
    const left = counts.get(k)! - 1;
    if (left) counts.set(k, left);
    else {
      counts.delete(k);
      score -= k.length;
    }
  }
  return best;
}

/** How well a text matches: the summed length of the terms it contains (a whole identifier outweighs its parts). */
const matchScore = (text: string, terms: string[]) =>
  terms.reduce((sum, term) => sum + (highlightRanges(text, [term]).length ? term.length : 0), 0);

/** Which hit a page makes: its title, a heading (toc index), or a passage of its text. */
type Choice = { type: 'title' } | { type: 'header'; entry: number } | { type: 'content' };

/**
 * The choice for a page whose text matches `contentScore` (matchScore). A title or heading speaks for the page
 * only if it holds at least half of what the page matches: a heading that only shares "to" with
 * `toHaveBeenCalledWith` must not hide the passage that has it all.
 */
function choose(head: SearchRecord, terms: string[], contentScore: number): Choice {
  const titleScore = matchScore(head.title, terms);
  let bestHeader = -1;
  let headerScore = 0;
  head.toc.forEach((entry, i) => {
    const score = matchScore(entry.text, terms);
    if (score > headerScore) {
      bestHeader = i;
      headerScore = score;
    }
  });
  const pageScore = Math.max(titleScore, contentScore);
  const enough = (score: number) => score > 0 && score * 2 >= pageScore;
  if (enough(titleScore) && titleScore >= headerScore) return { type: 'title' };
  if (enough(headerScore)) return { type: 'header', entry: bestHeader };
  return { type: 'content' };
}

/** The title or heading hit a choice names. */
function headHit(head: SearchRecord, choice: Choice, terms: string[], query: string): SearchHit {
  const base = { title: head.title, section: head.section ?? [], query };
  if (choice.type === 'header') {
    const headerText = headingTrail(head.toc, choice.entry);
    return {
      ...base,
      type: 'header',
      header: headerText,
      link: `${head.routePath}#${head.toc[choice.entry].id}`,
      highlights: highlightRanges(headerText, terms),
    };
  }
  return { ...base, type: 'title', header: '', link: head.routePath, highlights: highlightRanges(head.title, terms) };
}

/**
 * One hit for a ranked page: title if its title matches best, else the best heading, else a snippet of its text
 * where the most of the query's terms meet (the earliest such place), in the section that holds it.
 */
export function hitOfPage({ record, terms }: RankedPage, query: string): SearchHit {
  const text = record.content;
  const choice = choose(record, terms, matchScore(text, terms));
  if (choice.type !== 'content') return headHit(record, choice, terms, query);
  const base = { title: record.title, section: record.section ?? [], query };
  const ranges = highlightRanges(text, terms);
  const anchor = bestAnchor(text, ranges);
  // Nothing to quote (a fuzzy match in the title, say): show the page itself.
  if (!anchor) return { ...base, type: 'title', header: '', link: record.routePath, highlights: [] };
  const { statement, offset } = snippet(text, anchor.start, anchor.length);
  const bodyEnd = statement.endsWith('…') ? statement.length - 1 : statement.length;
  // The last heading whose section starts at or before the match.
  const section = record.toc.findLastIndex((entry) => entry.charIndex <= anchor.start);
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
