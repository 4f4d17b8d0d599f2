// The shape of a search index record and the name of each index file; shared by the build and the browser.

export interface SearchTocEntry {
  text: string;
  id: string;
  depth: number;
  /** Offset in the record's `content` where this heading's section starts. */
  charIndex: number;
}

/** One searchable page, as `{base}static/search_index[.{version}].{lang}.{hash}.json` lists them. */
export interface SearchRecord {
  /** Position in its index file. */
  id: number;
  /** The page's URL path (with base). */
  routePath: string;
  title: string;
  /** Where the page lives: its nav entry and sidebar groups (`['Config', 'Test Configurations']`). */
  section?: string[];
  /** The page's text without chrome, code blocks included (site setting `search.codeBlocks`). */
  content: string;
  toc: SearchTocEntry[];
  lang: string;
  /** '' unless the site is multi-version. */
  version: string;
}

export const SEARCH_INDEX_PREFIX = 'search_index';
/** The prebuilt MiniSearch index beside each records file: same key and hash, this prefix. */
export const SEARCH_ENGINE_PREFIX = 'search_engine';

/** The prebuilt index URL for a records URL of this naming (`…/search_index.en.h.json` → `…/search_engine.en.h.json`). */
export function engineUrlOf(recordsUrl: string): string | undefined {
  const match = /^(.*\/)?search_index(\.[^/]*\.json(?:[?#].*)?)$/.exec(recordsUrl);
  return match ? `${match[1] ?? ''}${SEARCH_ENGINE_PREFIX}${match[2]}` : undefined;
}

/** Key of an index in the site data's `searchIndex` map, and the middle of its file name. */
export function searchIndexKey(lang: string, version: string): string {
  return version ? `${version}.${lang}` : lang;
}
