// The one tokenizer of search: the build indexes page text with it and the browser tokenizes queries with it,
// so both sides agree term for term. Pure: no Node or DOM imports.

/** Terms shorter than this are dropped (a lone Han character is kept only as a query prefix). */
export const MIN_TERM_LENGTH = 2;
/** A Latin word being typed matches as a prefix from this length on: `re` would expand to half the index. */
export const MIN_PREFIX_LENGTH = 3;

// Explicit ranges, not \p{Script=…} classes: they match ~5× faster, and tokenizing is most of indexing time.
/** Kana, CJK ideographs (with extension A and compatibility forms) and Hangul syllables. */
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff';
/** Identifier characters: ASCII letters and digits, `_`, `$`, Latin with accents, Greek, Cyrillic, full-width Latin. */
const WORD =
  '[0-9A-Za-z_$\\u00c0-\\u024f\\u0300-\\u036f\\u0370-\\u052f\\u1e00-\\u1eff\\uff10-\\uff19\\uff21-\\uff3a\\uff41-\\uff5a]';
/** Either a run of CJK characters, or an identifier: words joined by `.` or `-`, optionally `--`-led (CLI flags). */
const CHUNK = new RegExp(`([${CJK}]+)|((?:--?)?${WORD}+(?:[.-]${WORD}+)*)`, 'g');
const CAMEL_PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{N}+|[_$]*[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}/gu;
const CJK_CHAR = new RegExp(`[${CJK}]`);
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+|\d+)$/;

export const isCjk = (char: string): boolean => CJK_CHAR.test(char);

/** Lower case, accents folded (`Café` → `cafe`), full-width Latin made ASCII. Only for non-CJK text. */
export function foldLatin(text: string): string {
  // Most text is ASCII: skip the normalization it would not change.
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** Compare titles ignoring case, accents and the separators of identifiers: "test timeout" = "testTimeout". */
export const titleKey = (text: string): string => foldLatin(text).replace(/[\s._\-/:：]+/g, '');

type WordSegmenter = { segment(text: string): Iterable<{ segment: string; isWordLike?: boolean }> };
let segmenter: WordSegmenter | null | undefined;

/** `Intl.Segmenter` for Chinese words, or null where the runtime lacks it (then bigrams alone carry CJK). */
function chineseSegmenter(): WordSegmenter | null {
  if (segmenter === undefined) {
    const Seg = (Intl as unknown as { Segmenter?: new (lang: string, o: object) => WordSegmenter }).Segmenter;
    segmenter = Seg ? new Seg('zh', { granularity: 'word' }) : null;
  }
  return segmenter;
}

/**
 * Makes the segmenter and has it split a phrase, ahead of the first query that needs it (a CJK run of three
 * characters or more): its first use loads its dictionary, some 50 ms in Chromium, which would otherwise fall on
 * the reader's keystroke.
 */
export function warmSegmenter(): void {
  const seg = chineseSegmenter();
  if (seg) Array.from(seg.segment('配置文件'));
}

/** Tests use this to take the bigram-only path that browsers without `Intl.Segmenter` take. */
export function setSegmenterForTests(value: WordSegmenter | null | undefined): void {
  segmenter = value;
  wordsCache.clear();
}

/** Overlapping character pairs: 配置文件 → 配置, 置文, 文件. */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** Segmenter words of a CJK run that bigrams do not already give: three characters or more. */
export function cjkWords(run: string): string[] {
  if (run.length < 3) return [];
  const seg = chineseSegmenter();
  if (!seg) return [];
  let out = wordsCache.get(run);
  if (out) return out;
  out = [];
  for (const part of seg.segment(run)) {
    if (part.isWordLike !== false && part.segment.length >= 3) out.push(part.segment);
  }
  // Runs recur (a phrase, a term of art), and the segmenter is most of indexing Chinese text. Bounded.
  if (wordsCache.size >= 100_000) wordsCache.clear();
  wordsCache.set(run, out);
  return out;
}
const wordsCache = new Map<string, string[]>();

/** An identifier and its parts: `rstest.fn` → rstest.fn, rstest, fn; `toHaveBeenCalledWith` → it and to, have, been, called, with. */
export function identifierTerms(raw: string): string[] {
  // Most are one plain word (`retry`, `Retry`, `API`, `2024`): their one term is themselves, lower-cased.
  if (PLAIN_WORD.test(raw)) return raw.length >= MIN_TERM_LENGTH ? [raw.toLowerCase()] : [];
  const whole = foldLatin(raw);
  const out = [whole];
  const bare = whole.replace(/^-+/, '');
  if (bare !== whole) out.push(bare);
  for (const piece of raw.replace(/^-+/, '').split(/[.-]/)) {
    const folded = foldLatin(piece);
    if (folded !== bare) out.push(folded);
    // Only mixed case or digits can hide parts (`toHaveBeenCalledWith`, `es2022`).
    if (/[a-z\d][A-Z]|[A-Z]{2}[a-z]|\D\d|\d\D/.test(piece) || !/^[\x00-\x7f]*$/.test(piece)) {
      const parts = piece.match(CAMEL_PART) ?? [];
      if (parts.length > 1) for (const part of parts) out.push(foldLatin(part));
    }
  }
  return out.filter((t, i) => t.length >= MIN_TERM_LENGTH && out.indexOf(t) === i);
}

/** Terms of a text as the index stores them: identifiers with their parts, CJK words plus bigrams. */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(CHUNK)) {
    if (match[1]) {
      out.push(...cjkWords(match[1]), ...bigrams(match[1]));
    } else {
      out.push(...identifierTerms(match[2]));
    }
  }
  return out;
}

/** A query split for the engine: pages holding every `required` term rank first; `optional` terms only add score. */
export interface QueryTerms {
  required: string[];
  optional: string[];
  /** Terms that may match as a prefix (the word being typed, a single CJK character). */
  prefix: Set<string>;
  /** Latin words and identifiers as typed (not their parts): the terms a typo is forgiven in. */
  whole: Set<string>;
}

export function queryTerms(query: string): QueryTerms {
  const required: string[] = [];
  const optional: string[] = [];
  const prefix = new Set<string>();
  const whole = new Set<string>();
  const chunks = [...query.matchAll(CHUNK)];
  chunks.forEach((match, index) => {
    const last = index === chunks.length - 1;
    if (match[1]) {
      const run = match[1];
      if (Array.from(run).length === 1) {
        // One character: nothing to pair with yet, so find it as the start of a word or bigram.
        required.push(run);
        prefix.add(run);
        return;
      }
      // Bigrams are required, whatever the segmenter made of the page; its words only rank.
      const pairs = bigrams(run);
      required.push(...pairs);
      optional.push(...cjkWords(run));
      if (last) prefix.add(pairs[pairs.length - 1]);
      return;
    }
    const terms = identifierTerms(match[2]);
    required.push(...terms);
    const typed = foldLatin(match[2]);
    for (const form of [typed, typed.replace(/^-+/, '')]) if (form.length >= MIN_TERM_LENGTH) whole.add(form);
    // The word being typed is incomplete: as typed, it may start a longer term (`rstest.use` →
    // `rstest.usefaketimers`). Its parts do not: `rstest` or `test` as prefixes would drag in half the index.
    if (last) {
      for (const term of [typed, typed.replace(/^-+/, '')]) if (term.length >= MIN_PREFIX_LENGTH) prefix.add(term);
    }
  });
  const unique = (list: string[]) => list.filter((t, i) => list.indexOf(t) === i);
  return { required: unique(required), optional: unique(optional).filter((t) => !required.includes(t)), prefix, whole };
}
