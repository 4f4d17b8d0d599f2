// The search index file a build ships per language (`search_engine.<key>.<hash>.json`): every page's title and
// text as a stream of piece numbers into one dictionary of the pieces (identifiers, CJK words, the gaps
// between them; `textPieces`), plus routes and headings. It is the text, smaller than the text gzipped (each
// repeated word is a character or two), and the index at once: the browser counts each page's terms from the
// numbers, with each dictionary piece's terms worked out once, instead of tokenizing the text or downloading a
// prebuilt index that repeats it (engine.ts). Shared by the build (which writes it a record at a time with
// `PieceNumbering`: lib/search/compact-writer.ts) and the browser (which reads it, and encodes a records list).
import type { SearchRecord, SearchTocEntry } from './record.ts';
import { IDENTIFIER, pieceKind, textPieces } from './tokenize.ts';

/** `docsSearch` in the file: which format it is. */
export const COMPACT_FORMAT = 1;

/**
 * Heading: id, depth, first piece in the page's content and number of pieces; or, for a heading that is not in
 * the text where its `charIndex` says (records someone else wrote), that offset and its own piece numbers.
 */
type CompactHeading =
  | [id: string, depth: number, start: number, count: number]
  | [id: string, depth: number, charIndex: number, own: string];
/** Page: route, title and content as piece numbers (see `codes`), headings, record id, and where the page lives
 *  (the record's `section`, left out when the record has none). */
type CompactPage = [
  routePath: string,
  title: string,
  content: string,
  headings: CompactHeading[],
  id: number,
  section?: string[],
];

export interface CompactIndex {
  docsSearch: typeof COMPACT_FORMAT;
  lang: string;
  version: string;
  /** How many lead characters start a number of 1, 2 and 3 characters; the rest start one of 4. */
  codes: [number, number, number];
  /** The dictionary, most frequent piece first (the shortest numbers). */
  pieces: string[];
  pages: CompactPage[];
}

/** The characters of the numbers: printable ASCII that JSON leaves as it is (no `"`, no `\`). */
const DIGITS = " !#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
const BASE = DIGITS.length;
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** How many numbers each length covers for a split of the lead characters. */
function capacity([one, two, three]: [number, number, number]): number[] {
  const four = BASE - one - two - three;
  return [one, two * BASE, three * BASE ** 2, four * BASE ** 3];
}

/**
 * The split of the lead characters that makes the streams shortest for these counts (most frequent first):
 * frequent pieces get one character, and enough lead characters are left for the dictionary's size.
 */
function bestCodes(counts: number[]): [number, number, number] {
  const prefix = [0];
  for (const c of counts) prefix.push(prefix[prefix.length - 1] + c);
  const sumTo = (n: number) => prefix[Math.min(n, counts.length)];
  let best: [number, number, number] = [BASE - 3, 1, 1];
  let bestCost = Infinity;
  for (let one = 1; one < BASE; one++) {
    for (let two = 0; one + two < BASE; two++) {
      for (const three of [BASE - one - two, BASE - one - two - 1]) {
        if (three < 0) continue;
        const split: [number, number, number] = [one, two, three];
        const [c1, c2, c3, c4] = capacity(split);
        if (c1 + c2 + c3 + c4 < counts.length) continue;
        const cost =
          sumTo(c1) +
          2 * (sumTo(c1 + c2) - sumTo(c1)) +
          3 * (sumTo(c1 + c2 + c3) - sumTo(c1 + c2)) +
          4 * (prefix[counts.length] - sumTo(c1 + c2 + c3));
        if (cost < bestCost) {
          bestCost = cost;
          best = split;
        }
      }
    }
  }
  return best;
}

function encodeNumber(n: number, split: [number, number, number]): string {
  const [c1, c2, c3] = capacity(split);
  const [one, two, three] = split;
  if (n < c1) return DIGITS[n];
  n -= c1;
  if (n < c2) return DIGITS[one + Math.floor(n / BASE)] + DIGITS[n % BASE];
  n -= c2;
  if (n < c3)
    return DIGITS[one + two + Math.floor(n / BASE ** 2)] + DIGITS[Math.floor(n / BASE) % BASE] + DIGITS[n % BASE];
  n -= c3;
  return (
    DIGITS[one + two + three + Math.floor(n / BASE ** 3)] +
    DIGITS[Math.floor(n / BASE ** 2) % BASE] +
    DIGITS[Math.floor(n / BASE) % BASE] +
    DIGITS[n % BASE]
  );
}

/**
 * The numbers of a stream written by `encodeNumber`, each below `limit` (the dictionary's size), with the
 * space left out between two identifiers put back (`kinds`: each piece's `pieceKind`; `space`: the space's number).
 */
export function decodeNumbers(
  text: string,
  split: [number, number, number],
  limit: number,
  kinds: Uint8Array,
  space: number,
  out = new Uint32Array(text.length * 2),
): Uint32Array {
  const [c1, c2, c3] = capacity(split);
  const [one, two, three] = split;
  let n = 0;
  let previous = -1;
  for (let i = 0; i < text.length; ) {
    const lead = VALUE[text.charCodeAt(i++)];
    let value: number;
    if (lead < 0) {
      throw new Error('search index: a piece number has a character outside the code');
    } else if (lead < one) {
      value = lead;
    } else if (lead < one + two) {
      value = c1 + (lead - one) * BASE + VALUE[text.charCodeAt(i++)];
    } else if (lead < one + two + three) {
      value =
        c1 + c2 + (lead - one - two) * BASE ** 2 + VALUE[text.charCodeAt(i++)] * BASE + VALUE[text.charCodeAt(i++)];
    } else {
      const a = VALUE[text.charCodeAt(i++)];
      const b = VALUE[text.charCodeAt(i++)];
      value =
        c1 + c2 + c3 + (lead - one - two - three) * BASE ** 3 + a * BASE ** 2 + b * BASE + VALUE[text.charCodeAt(i++)];
    }
    if (!(value < limit)) throw new Error('search index: a piece number is past the dictionary');
    if (previous >= 0 && kinds[previous] === IDENTIFIER && kinds[value] === IDENTIFIER) out[n++] = space;
    out[n++] = previous = value;
  }
  return out.subarray(0, n);
}

/** One space between two identifiers: left out of the streams (the reader puts it back; identifiers never meet). */
function impliedSpace(pieces: string[], i: number): boolean {
  return (
    pieces[i] === SPACE &&
    i > 0 &&
    i + 1 < pieces.length &&
    pieceKind(pieces[i - 1]) === IDENTIFIER &&
    pieceKind(pieces[i + 1]) === IDENTIFIER
  );
}

const SPACE = ' ';

/**
 * The content's pieces, a gap cut where a heading starts or ends inside it (` .not` before a heading `.not`):
 * headings are then whole pieces. Only gaps can be cut (a heading starts and ends next to a space).
 */
function cutAtHeadings(pieces: string[], toc: SearchTocEntry[]): string[] {
  if (!toc.length) return pieces;
  const cuts = [...new Set(toc.flatMap((e) => [e.charIndex, e.charIndex + e.text.length]))].sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  let next = 0;
  for (const piece of pieces) {
    const end = at + piece.length;
    while (next < cuts.length && cuts[next] <= at) next++;
    if (next < cuts.length && cuts[next] < end) {
      let from = 0;
      while (next < cuts.length && cuts[next] < end) {
        out.push(piece.slice(from, cuts[next] - at));
        from = cuts[next++] - at;
      }
      out.push(piece.slice(from));
    } else {
      out.push(piece);
    }
    at = end;
  }
  return out;
}

/** Where each heading's text is in the content's pieces (after `cutAtHeadings`), or its own pieces. */
function headingPieces(
  content: string[],
  toc: SearchTocEntry[],
): ({ first: number; count: number } | { own: string[] })[] {
  const starts: number[] = [];
  let at = 0;
  for (const piece of content) {
    starts.push(at);
    at += piece.length;
  }
  starts.push(at);
  /** The piece that starts at `offset`, or -1 (the offsets are ascending). */
  const pieceAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return starts[lo] === offset ? lo : -1;
  };
  return toc.map((entry) => {
    const first = pieceAt(entry.charIndex);
    const end = first < 0 ? -1 : pieceAt(entry.charIndex + entry.text.length);
    return first >= 0 && end >= 0 && content.slice(first, end).join('') === entry.text
      ? { first, count: end - first }
      : { own: textPieces(entry.text) };
  });
}

/** The file's text for one index's records (all of one language and version). */
export function encodeIndex(records: SearchRecord[], lang: string, version: string): string {
  return JSON.stringify(compactIndex(records, lang, version));
}

/** What a page's entry needs of its record once its pieces are numbered: everything but its text. */
export type NumberedRecord = Pick<SearchRecord, 'routePath' | 'id' | 'section'> & {
  toc: Omit<SearchTocEntry, 'text'>[];
};

/**
 * The pieces of an index's records, numbered a record at a time in order of first sight and counted (implied
 * spaces left out): only the numbers are kept, not the pieces (a large site has tens of millions). Then each
 * piece's code, and each page's entry. Used by `compactIndex` here and by the build's writer, which writes the
 * pages one at a time (lib/search/compact-writer.ts).
 */
export class PieceNumbering {
  private readonly seen = new Map<string, number>([[SPACE, 0]]);
  private readonly counts = [0];
  private readonly streams: Uint32Array[][] = [];
  private readonly headings: (Uint32Array | { first: number; count: number })[][] = [];

  private numbered(list: string[]): Uint32Array {
    const out = new Uint32Array(list.length);
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      if (impliedSpace(list, i)) continue;
      let id = this.seen.get(list[i]);
      if (id === undefined) {
        this.seen.set(list[i], (id = this.counts.length));
        this.counts.push(0);
      }
      this.counts[id]++;
      out[n++] = id;
    }
    // A copy of its own length: a view would keep the whole first array.
    return out.slice(0, n);
  }

  add(r: SearchRecord): void {
    const content = cutAtHeadings(textPieces(r.content), r.toc);
    this.streams.push([this.numbered(textPieces(r.title)), this.numbered(content)]);
    this.headings.push(headingPieces(content, r.toc).map((h) => ('own' in h ? this.numbered(h.own) : h)));
  }

  /**
   * The dictionary and each piece's code: the most frequent get the shortest numbers; within each length the pieces
   * are in code-unit order, which compresses better (neighbours share their start) and makes the file the same
   * every build. (The order of first sight does not show in the file.)
   */
  dictionary(): { codes: CompactIndex['codes']; pieces: string[]; code: string[] } {
    const { seen, counts } = this;
    const texts = [...seen.keys()];
    const byCount = texts
      .map((_, id) => id)
      .sort((a, b) => counts[b] - counts[a] || (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
    const codes = bestCodes(byCount.map((id) => counts[id]));
    const pieces: string[] = [];
    const code: string[] = [];
    let from = 0;
    for (const size of capacity(codes)) {
      const group = byCount
        .slice(from, from + size)
        .sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
      for (const id of group) {
        code[id] = encodeNumber(pieces.length, codes);
        pieces.push(texts[id]);
      }
      from += size;
    }
    return { codes, pieces, code };
  }

  /** The entry of the `i`th record added, its streams written with `code` (from `dictionary`). */
  page(r: NumberedRecord, i: number, code: string[]): CompactPage {
    // Joined from an array: `+=` piece by piece makes a string of one node per piece until it is flattened.
    const stream = (ids: Uint32Array) => Array.from(ids, (id) => code[id]).join('');
    return [
      r.routePath,
      stream(this.streams[i][0]),
      stream(this.streams[i][1]),
      r.toc.map((entry, h): CompactHeading => {
        const where = this.headings[i][h];
        return where instanceof Uint32Array
          ? [entry.id, entry.depth, entry.charIndex, stream(where)]
          : [entry.id, entry.depth, where.first, where.count];
      }),
      r.id,
      ...(r.section ? [r.section] : []),
    ] as CompactPage;
  }
}

/** The file's content, before it is JSON. */
export function compactIndex(records: SearchRecord[], lang: string, version: string): CompactIndex {
  const numbering = new PieceNumbering();
  for (const r of records) numbering.add(r);
  const { codes, pieces, code } = numbering.dictionary();
  return {
    docsSearch: COMPACT_FORMAT,
    lang,
    version,
    codes,
    pieces,
    pages: records.map((r, i) => numbering.page(r, i, code)),
  };
}

/** A heading's pieces: numbers[from .. to) (the page's content, or its own), and its offset in the content. */
export interface DecodedHeading {
  numbers: Uint32Array;
  from: number;
  to: number;
  /** Its own pieces, not in the content: where its section starts (else counted from the content's pieces). */
  charIndex?: number;
}

/** A page of a decoded index: its pieces as numbers, and its record (whose text is joined when first read). */
export interface CompactPageData {
  record: SearchRecord;
  title: Uint32Array;
  content: Uint32Array;
  headings: DecodedHeading[];
}

export interface DecodedIndex {
  pieces: string[];
  pages: CompactPageData[];
  /** Each piece's `pieceKind`. */
  kinds: Uint8Array;
}

const isCompact = (value: unknown): value is CompactIndex =>
  !!value &&
  typeof value === 'object' &&
  (value as CompactIndex).docsSearch === COMPACT_FORMAT &&
  Array.isArray((value as CompactIndex).pieces);

/** A record whose content and heading texts are joined from the pieces when first read (only hits' are). */
function lazyRecord(
  pieces: string[],
  fields: Omit<SearchRecord, 'content' | 'toc'>,
  content: Uint32Array,
  headings: DecodedHeading[],
  toc: CompactHeading[],
): SearchRecord {
  const join = (numbers: Uint32Array, from: number, to: number) => {
    let text = '';
    for (let i = from; i < to; i++) text += pieces[numbers[i]];
    return text;
  };
  let text: string | undefined;
  let entries: SearchTocEntry[] | undefined;
  return {
    ...fields,
    get content() {
      return (text ??= join(content, 0, content.length));
    },
    get toc() {
      if (!entries) {
        // Offsets counted once, for all headings.
        const starts = new Uint32Array(content.length + 1);
        for (let i = 0; i < content.length; i++) starts[i + 1] = starts[i] + pieces[content[i]].length;
        entries = headings.map((h, i) => ({
          text: join(h.numbers, h.from, h.to),
          id: toc[i][0],
          depth: toc[i][1],
          charIndex: h.charIndex ?? starts[h.from],
        }));
      }
      return entries;
    },
  };
}

/** The index a file holds, or undefined when the value is not one (a records list, an older format). */
export function decodeIndex(value: unknown): DecodedIndex | undefined {
  if (!isCompact(value)) return undefined;
  const { pieces, codes, lang, version } = value;
  const kinds = new Uint8Array(pieces.length);
  pieces.forEach((piece, i) => (kinds[i] = pieceKind(piece)));
  const space = pieces.indexOf(SPACE);
  // Every stream into one buffer (a stream of n characters is at most 2n pieces, its spaces put back).
  let size = 0;
  for (const [, title, content, toc] of value.pages) {
    size += 2 * (title.length + content.length);
    for (const h of toc) if (typeof h[3] === 'string') size += 2 * h[3].length;
  }
  const buffer = new Uint32Array(size);
  let used = 0;
  const decode = (text: string) => {
    const numbers = decodeNumbers(text, codes, pieces.length, kinds, space, buffer.subarray(used));
    used += numbers.length;
    return numbers;
  };
  const pages = value.pages.map(([routePath, titleCodes, contentCodes, toc, id, sectionValue]): CompactPageData => {
    const title = decode(titleCodes);
    const content = decode(contentCodes);
    const headings = toc.map(([, , at, where]): DecodedHeading => {
      if (typeof where === 'string') {
        const own = decode(where);
        return { numbers: own, from: 0, to: own.length, charIndex: at };
      }
      if (!(at + where <= content.length)) throw new Error('search index: a heading is past its page');
      return { numbers: content, from: at, to: at + where };
    });
    let titleText = '';
    for (const n of title) titleText += pieces[n];
    // Only texts, as the records check (record.ts) keeps them.
    const section = Array.isArray(sectionValue)
      ? { section: sectionValue.filter((s): s is string => typeof s === 'string' && s !== '') }
      : {};
    const record = lazyRecord(
      pieces,
      { id, routePath, title: titleText, lang, version, ...section },
      content,
      headings,
      toc,
    );
    piecesOfRecord.set(record, { numbers: content, pieces, kinds });
    return { record, title, content, headings };
  });
  return { pieces, pages, kinds };
}

/** A page's text as the compact index holds it: its pieces' numbers into the dictionary, and each piece's kind. */
export interface ContentPieces {
  numbers: Uint32Array;
  pieces: string[];
  kinds: Uint8Array;
}
const piecesOfRecord = new WeakMap<SearchRecord, ContentPieces>();

/** The pieces of a record's text, for a record read from a compact index (else undefined): its terms without tokenizing. */
export const contentPiecesOf = (record: SearchRecord): ContentPieces | undefined => piecesOfRecord.get(record);
