// The compact index file (common/search/compact.ts, `encodeIndex`) written one record at a time, for a build that
// never holds every record's text, nor the file as one string: a record's pieces are numbered as it is added and
// only the numbers are kept; the file is written as bytes, a page at a time. The same bytes as `encodeIndex` of
// the same records (test/unit/search-compact-writer.test.ts holds it to that). compact.ts is not changed for this
// (it is in the browser's bundle), so its numbering helpers are repeated here, word for word.
import { COMPACT_FORMAT, type CompactIndex } from '../../common/search/compact.ts';
import type { SearchRecord, SearchTocEntry } from '../../common/search/record.ts';
import { IDENTIFIER, pieceKind, textPieces } from '../../common/search/tokenize.ts';
import { ChunkWriter } from '../stored-text.ts';

type CompactHeading = CompactIndex['pages'][number][3][number];

// ---- As in compact.ts ----

const DIGITS = " !#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
const BASE = DIGITS.length;

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
        const cost = sumTo(c1) + 2 * (sumTo(c1 + c2) - sumTo(c1)) + 3 * (sumTo(c1 + c2 + c3) - sumTo(c1 + c2)) + 4 * (prefix[counts.length] - sumTo(c1 + c2 + c3));
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
  if (n < c3) return DIGITS[one + two + Math.floor(n / BASE ** 2)] + DIGITS[Math.floor(n / BASE) % BASE] + DIGITS[n % BASE];
  n -= c3;
  return DIGITS[one + two + three + Math.floor(n / BASE ** 3)] + DIGITS[Math.floor(n / BASE ** 2) % BASE] + DIGITS[Math.floor(n / BASE) % BASE] + DIGITS[n % BASE];
}


/** One space between two identifiers: left out of the streams (the reader puts it back; identifiers never meet). */
function impliedSpace(pieces: string[], i: number): boolean {
  return pieces[i] === SPACE && i > 0 && i + 1 < pieces.length && pieceKind(pieces[i - 1]) === IDENTIFIER && pieceKind(pieces[i + 1]) === IDENTIFIER;
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
function headingPieces(content: string[], toc: SearchTocEntry[]): ({ first: number; count: number } | { own: string[] })[] {
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
    return first >= 0 && end >= 0 && content.slice(first, end).join('') === entry.text ? { first, count: end - first } : { own: textPieces(entry.text) };
  });
}


// ---- The writer ----

/** What the index keeps of a record once its pieces are numbered: everything but its text. */
type NumberedRecord = Pick<SearchRecord, 'routePath' | 'id' | 'section'> & { toc: Omit<SearchTocEntry, 'text'>[] };

export class CompactIndexWriter {
  // Each piece a number in order of first sight, counted as it goes; implied spaces left out.
  private seen = new Map<string, number>([[SPACE, 0]]);
  private counts = [0];
  private records: NumberedRecord[] = [];
  private streams: Uint32Array[][] = [];
  private headings: (Uint32Array | { first: number; count: number })[][] = [];

  constructor(
    private readonly lang: string,
    private readonly version: string,
  ) {}

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
    this.records.push({ routePath: r.routePath, id: r.id, section: r.section, toc: r.toc.map(({ id, depth, charIndex }) => ({ id, depth, charIndex })) });
  }

  /** The file: `encodeIndex(records, lang, version)` as UTF-8 bytes, in chunks. */
  finish(): Buffer[] {
    const { seen, counts, streams, headings } = this;
    const texts = [...seen.keys()];
    // The most frequent get the shortest numbers; within each length the pieces are in code-unit order.
    const byCount = texts.map((_, id) => id).sort((a, b) => counts[b] - counts[a] || (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
    const codes = bestCodes(byCount.map((id) => counts[id]));
    const pieces: string[] = [];
    const code: string[] = [];
    let from = 0;
    for (const size of capacity(codes)) {
      const group = byCount.slice(from, from + size).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
      for (const id of group) {
        code[id] = encodeNumber(pieces.length, codes);
        pieces.push(texts[id]);
      }
      from += size;
    }
    // Joined from an array: `+=` piece by piece makes a string of one node per piece until it is flattened.
    const stream = (ids: Uint32Array) => Array.from(ids, (id) => code[id]).join('');
    const head: Omit<CompactIndex, 'pages'> = { docsSearch: COMPACT_FORMAT, lang: this.lang, version: this.version, codes, pieces };
    const out = new ChunkWriter();
    // JSON.stringify of the whole index, its pages written one at a time (`pages` is its last key).
    out.write(`${JSON.stringify(head).slice(0, -1)},"pages":[`);
    this.records.forEach((r, i) => {
      const page = [
        r.routePath,
        stream(streams[i][0]),
        stream(streams[i][1]),
        r.toc.map((entry, h): CompactHeading => {
          const where = headings[i][h];
          return where instanceof Uint32Array ? [entry.id, entry.depth, entry.charIndex, stream(where)] : [entry.id, entry.depth, where.first, where.count];
        }),
        r.id,
        ...(r.section ? [r.section] : []),
      ];
      out.write(`${i ? ',' : ''}${JSON.stringify(page)}`);
    });
    out.write(']}');
    return out.end();
  }
}
