// The engine's term table: every term of an index and, per field, the pages that hold it with how often, in
// flat typed arrays (one pass of counting builds them). It answers what ranking asks besides scores (how many
// pages hold a term, which terms a prefix starts) and hands the postings to MiniSearch in its own serialized
// shape (`plainIndex`, for `MiniSearch.loadJS`).

import { isCjk } from './tokenize.ts';

/** Grows as postings come: (term, page, count, mark) of one field. */
class Triples {
  term = new Uint32Array(1024);
  doc = new Uint32Array(1024);
  tf = new Uint32Array(1024);
  mark = new Uint32Array(1024);
  length = 0;

  push(term: number, doc: number, tf: number, mark: number): void {
    if (this.length === this.term.length) {
      this.term = grown(this.term);
      this.doc = grown(this.doc);
      this.tf = grown(this.tf);
      this.mark = grown(this.mark);
    }
    this.term[this.length] = term;
    this.doc[this.length] = doc;
    this.tf[this.length] = tf;
    this.mark[this.length++] = mark;
  }
}

/** A copy twice as long. */
function grown(a: Uint32Array): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

/** One field's postings by term: term t's pages are docs[start[t] .. start[t + 1]). */
interface Postings {
  start: Uint32Array;
  docs: Uint32Array;
  tfs: Uint32Array;
  /** The counter's mark at the term's first occurrence in the page's field (TermIndexBuilder `mark`). */
  marks: Uint32Array;
}

function byTerm(triples: Triples, termCount: number): Postings {
  const start = new Uint32Array(termCount + 1);
  for (let i = 0; i < triples.length; i++) start[triples.term[i] + 1]++;
  for (let t = 0; t < termCount; t++) start[t + 1] += start[t];
  const next = start.slice(0, termCount);
  const docs = new Uint32Array(triples.length);
  const tfs = new Uint32Array(triples.length);
  const marks = new Uint32Array(triples.length);
  // Pages were counted in order, so each term's pages stay in order (what MiniSearch's maps iterate).
  for (let i = 0; i < triples.length; i++) {
    const at = next[triples.term[i]]++;
    docs[at] = triples.doc[i];
    tfs[at] = triples.tf[i];
    marks[at] = triples.mark[i];
  }
  return { start, docs, tfs, marks };
}

/**
 * Term ids of CJK character pairs (most of a Chinese index's terms), by the pair's two code units: an
 * open-addressing table in typed arrays, so counting the pair across two pieces makes no string and no map entry.
 */
export class PairTable {
  private left = new Uint16Array(1 << 12);
  private right = new Uint16Array(1 << 12);
  private ids = new Int32Array(1 << 12).fill(-1);
  private size = 0;

  private slot(a: number, b: number): number {
    const mask = this.ids.length - 1;
    let i = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
    while (this.ids[i] >= 0 && (this.left[i] !== a || this.right[i] !== b)) i = (i + 1) & mask;
    return i;
  }

  /** The id of the pair of code units a, b, or -1. */
  get(a: number, b: number): number {
    return this.ids[this.slot(a, b)];
  }

  set(a: number, b: number, id: number): void {
    if ((this.size + 1) * 2 > this.ids.length) this.grow();
    const i = this.slot(a, b);
    if (this.ids[i] < 0) this.size++;
    this.left[i] = a;
    this.right[i] = b;
    this.ids[i] = id;
  }

  private grow(): void {
    const { left, right, ids } = this;
    this.left = new Uint16Array(ids.length * 2);
    this.right = new Uint16Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    this.size = 0;
    for (let i = 0; i < ids.length; i++) if (ids[i] >= 0) this.set(left[i], right[i], ids[i]);
  }
}

/** A term that is two CJK characters: looked up in the pair table. */
const isPair = (term: string) => term.length === 2 && isCjk(term[0]) && isCjk(term[1]);

export class TermIndex {
  private sorted?: string[];
  private materialized = false;

  constructor(
    /** Term → its id (the position in `terms`), pairs of CJK characters apart (`pairs`). */
    private readonly ids: Map<string, number>,
    private readonly pairs: PairTable,
    /** By id; a pair's text is made when first needed from `pairCodes` (its two code units). */
    private readonly texts: (string | undefined)[],
    private readonly pairCodes: Uint32Array,
    /** Per field id. */
    private readonly fields: Postings[],
    private readonly contentField: number,
  ) {}

  /** Every term, by id. */
  get terms(): string[] {
    if (!this.materialized) {
      for (let id = 0; id < this.texts.length; id++) {
        if (this.texts[id] === undefined)
          this.texts[id] = String.fromCharCode(this.pairCodes[id] >>> 16, this.pairCodes[id] & 0xffff);
      }
      this.materialized = true;
    }
    return this.texts as string[];
  }

  private idOf(term: string): number | undefined {
    if (isPair(term)) {
      const id = this.pairs.get(term.charCodeAt(0), term.charCodeAt(1));
      return id < 0 ? undefined : id;
    }
    return this.ids.get(term);
  }

  /** In how many pages' content the term occurs. */
  contentDf(term: string): number {
    const id = this.idOf(term);
    if (id === undefined) return 0;
    const { start } = this.fields[this.contentField];
    return start[id + 1] - start[id];
  }

  /** The terms in code-unit order (what a prefix is a range of), sorted on first need. */
  sortedTerms(): string[] {
    return (this.sorted ??= [...this.terms].sort());
  }

  /** Index in `sortedTerms()` of the first term not before `prefix`. */
  private firstAtOrAfter(prefix: string): number {
    const terms = this.sortedTerms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The terms that start with `prefix` (itself included). */
  termsWithPrefix(prefix: string): string[] {
    const terms = this.sortedTerms();
    const out: string[] = [];
    for (let i = this.firstAtOrAfter(prefix); i < terms.length && terms[i].startsWith(prefix); i++) out.push(terms[i]);
    return out;
  }

  /**
   * A term's pages in a field, ascending, how often it occurs in each, and the mark at its first occurrence there
   * (views, not copies).
   */
  postings(id: number, field: number): { docs: Uint32Array; tfs: Uint32Array; marks: Uint32Array } {
    const { start, docs, tfs, marks } = this.fields[field];
    const [from, to] = [start[id], start[id + 1]];
    return { docs: docs.subarray(from, to), tfs: tfs.subarray(from, to), marks: marks.subarray(from, to) };
  }

  /**
   * The postings as MiniSearch serializes its index (`toJSON().index`: term → field id → page → count), for
   * `MiniSearch.loadJS`: MiniSearch then holds them in its own structures, through its public API.
   */
  plainIndex(): [string, Record<string, Record<string, number>>][] {
    const terms = this.terms;
    const out: [string, Record<string, Record<string, number>>][] = new Array(terms.length);
    for (let id = 0; id < terms.length; id++) {
      const data: Record<string, Record<string, number>> = {};
      this.fields.forEach(({ start, docs, tfs }, field) => {
        if (start[id] === start[id + 1]) return;
        const pages: Record<string, number> = {};
        for (let i = start[id]; i < start[id + 1]; i++) pages[docs[i]] = tfs[i];
        data[field] = pages;
      });
      out[id] = [terms[id], data];
    }
    return out;
  }
}

/** Collects the terms of the pages, field by field, page by page (in order), into a TermIndex. */
export class TermIndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly pairs = new PairTable();
  private readonly texts: (string | undefined)[] = [];
  private pairCodes = new Uint32Array(1024);
  private readonly triples: Triples[];
  private counts = new Uint32Array(1024);
  /** By term: the mark at its first occurrence in the field being counted. */
  private firstMarks = new Uint32Array(1024);
  private touched: number[] = [];
  /**
   * Set by whoever counts: what a term's first occurrence in the field being counted is marked with, kept with
   * its posting (the sharded index marks the text fragment it is in: shard-files.ts). 0 unless set.
   */
  mark = 0;

  constructor(fieldCount: number) {
    this.triples = Array.from({ length: fieldCount }, () => new Triples());
  }

  private add(text: string | undefined, pairCode: number): number {
    const id = this.texts.length;
    this.texts.push(text);
    if (id >= this.counts.length) {
      this.counts = grown(this.counts);
      this.firstMarks = grown(this.firstMarks);
      this.pairCodes = grown(this.pairCodes);
    }
    this.pairCodes[id] = pairCode;
    return id;
  }

  /** The id of a term, new or known (a pair of CJK characters goes through `internPair`). */
  intern(term: string): number {
    if (isPair(term)) return this.internPair(term.charCodeAt(0), term.charCodeAt(1));
    let id = this.ids.get(term);
    if (id === undefined) this.ids.set(term, (id = this.add(term, 0)));
    return id;
  }

  /** The id of the term made of the CJK code units a and b. */
  internPair(a: number, b: number): number {
    let id = this.pairs.get(a, b);
    if (id < 0) this.pairs.set(a, b, (id = this.add(undefined, a * 65536 + b)));
    return id;
  }

  /** One more occurrence of a term in the field being counted. */
  count(id: number): void {
    if (this.counts[id]++ === 0) {
      this.touched.push(id);
      this.firstMarks[id] = this.mark;
    }
  }

  /** Ends a page's field: its postings are kept; returns how many distinct terms it had (MiniSearch's field length). */
  endField(field: number, doc: number): number {
    const triples = this.triples[field];
    for (const id of this.touched) {
      triples.push(id, doc, this.counts[id], this.firstMarks[id]);
      this.counts[id] = 0;
    }
    const distinct = this.touched.length;
    this.touched.length = 0;
    return distinct;
  }

  build(contentField: number): TermIndex {
    const count = this.texts.length;
    return new TermIndex(
      this.ids,
      this.pairs,
      this.texts,
      this.pairCodes,
      this.triples.map((t) => byTerm(t, count)),
      contentField,
    );
  }
}
