// The compact index file (common/search/compact.ts, `encodeIndex`) written one record at a time, for a build that
// never holds every record's text, nor the file as one string: a record's pieces are numbered as it is added and
// only the numbers are kept; the file is written as bytes, a page at a time. The same bytes as `encodeIndex` of
// the same records (test/unit/search-compact-writer.test.ts holds it to that): compact.ts's own numbering, only
// the output differs.
import { COMPACT_FORMAT, PieceNumbering, type CompactIndex, type NumberedRecord } from '../../common/search/compact.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { ChunkWriter } from '../stored-text.ts';

export class CompactIndexWriter {
  private readonly numbering = new PieceNumbering();
  private readonly records: NumberedRecord[] = [];

  constructor(
    private readonly lang: string,
    private readonly version: string,
  ) {}

  add(r: SearchRecord): void {
    this.numbering.add(r);
    this.records.push({
      routePath: r.routePath,
      id: r.id,
      section: r.section,
      toc: r.toc.map(({ id, depth, charIndex }) => ({ id, depth, charIndex })),
    });
  }

  /** The file: `encodeIndex(records, lang, version)` as UTF-8 bytes, in chunks. */
  finish(): Buffer[] {
    const { codes, pieces, code } = this.numbering.dictionary();
    const head: Omit<CompactIndex, 'pages'> = {
      docsSearch: COMPACT_FORMAT,
      lang: this.lang,
      version: this.version,
      codes,
      pieces,
    };
    const out = new ChunkWriter();
    // JSON.stringify of the whole index, its pages written one at a time (`pages` is its last key).
    out.write(`${JSON.stringify(head).slice(0, -1)},"pages":[`);
    this.records.forEach((r, i) => out.write(`${i ? ',' : ''}${JSON.stringify(this.numbering.page(r, i, code))}`));
    out.write(']}');
    return out.end();
  }
}
