// Checks of one page as a whole: text that is not UTF-8 (decoded, it became U+FFFD silently), a page so large that
// its text swells the search index every reader of its language downloads, and page data (embedded as JSON in
// the page's HTML) over a cap.
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { BuildProblem } from './errors.ts';
import type { Frontmatter, PageData } from '../common/types.ts';

/** Text above which a searchable page gets a warning (its share of the language's search index). */
export const LARGE_PAGE_BYTES = 512 * 1024;

/** A problem at the first line of `file` that is not UTF-8, when its decoded `text` hints at one (U+FFFD). */
export function utf8Problems(file: string, text: string): BuildProblem[] {
  if (!text.includes('\uFFFD')) return [];
  const bytes = fs.readFileSync(file);
  if (isUtf8(bytes)) return [];
  let start = 0;
  for (let line = 1; ; line++) {
    const end = bytes.indexOf(10, start);
    if (!isUtf8(bytes.subarray(start, end === -1 ? bytes.length : end))) {
      return [
        {
          file,
          line,
          message: 'the file is not valid UTF-8 (a byte on this line is not part of any character)',
          fix: 'save the file as UTF-8 in your editor, and check the characters of this line',
        },
      ];
    }
    if (end === -1) return [];
    start = end + 1;
  }
}

/** A warning for a searchable page whose Markdown `body` is larger than LARGE_PAGE_BYTES. */
export function largePageWarnings(file: string, frontmatter: Frontmatter, body: string): BuildProblem[] {
  if (frontmatter.search === false || body.length < LARGE_PAGE_BYTES / 3) return [];
  const bytes = Buffer.byteLength(body);
  if (bytes <= LARGE_PAGE_BYTES) return [];
  return [
    {
      file,
      line: 1,
      message: `the page has ${Math.round(bytes / 1024)} KB of text, all of it in the search index every reader of this language downloads`,
      fix: 'split it into pages, or set `search: false` in its front matter if readers need not find it by search',
    },
  ];
}

/** The most page data (front matter, outline, title…) a page may embed, as JSON. */
export const MAX_PAGE_DATA_BYTES = 256 * 1024;

/** A problem when the page's data, as the HTML embeds it, is larger than MAX_PAGE_DATA_BYTES. */
export function pageDataProblems(file: string, data: PageData): BuildProblem[] {
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes <= MAX_PAGE_DATA_BYTES) return [];
  return [
    {
      file,
      line: 1,
      message: `the page's data is ${Math.round(bytes / 1024)} KB (front matter ${Math.round(Buffer.byteLength(JSON.stringify(data.frontmatter)) / 1024)} KB, outline of ${data.toc.length} headings); the most a page may embed is ${MAX_PAGE_DATA_BYTES / 1024} KB`,
      fix: 'split the page, or shorten its outline (`outline: 2`, or `outline: false`)',
    },
  ];
}
