// The shape of a search index record and the name of each index file; shared by the build and the browser.
import { indexFor } from './index-key.ts';

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

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * A route a hit may link to: a path on the site itself. Not a URL of another origin (`https://…`, `//…`, `/\…`,
 * which browsers read as `//`), nor a scheme (`javascript:`, `data:`), nor anything with whitespace or control
 * characters (the URL parser drops some: `/\t/evil` is `//evil`). An index from another hand must not send Enter
 * off the site.
 */
export function isSitePath(route: unknown): route is string {
  if (
    typeof route !== 'string' ||
    !route.startsWith('/') ||
    /[\\\s\x00-\x1f\x7f]/.test(route) ||
    route.startsWith('//')
  )
    return false;
  try {
    return new URL(route, 'https://docs.invalid/').origin === 'https://docs.invalid';
  } catch {
    return false;
  }
}
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function tocEntry(value: unknown): SearchTocEntry | undefined {
  const e = value as Partial<SearchTocEntry> | null;
  return e && isText(e.text) && isText(e.id) && isCount(e.depth) && isCount(e.charIndex)
    ? { text: e.text, id: e.id, depth: e.depth, charIndex: e.charIndex }
    : undefined;
}

/**
 * A page file's record, if usable: one without its id, title or text, or whose route is not a path on the site
 * (isSitePath), is not (an index someone else wrote or a damaged one must not break search nor lead off the
 * site); a missing toc, lang or version counts as empty, and toc entries that are not headings are dropped.
 */
export function usableRecord(value: unknown): SearchRecord | undefined {
  const item = value as Partial<SearchRecord> | null;
  if (!item || !isCount(item.id) || !isSitePath(item.routePath) || !isText(item.title) || !isText(item.content))
    return undefined;
  const toc = Array.isArray(item.toc) ? item.toc.map(tocEntry).filter((e): e is SearchTocEntry => !!e) : [];
  const section = Array.isArray(item.section) ? item.section.filter(isText) : undefined;
  return {
    id: item.id,
    routePath: item.routePath,
    title: item.title,
    content: item.content,
    toc,
    lang: isText(item.lang) ? item.lang : '',
    version: isText(item.version) ? item.version : '',
    ...(section?.length ? { section } : {}),
  };
}

/**
 * The docs site's stable entry to its search index (`static/search-manifest.json`): its name never changes, so
 * a page on another site can find the current content-hashed files. Serve it with a short cache lifetime.
 */
export const SEARCH_MANIFEST_FILE = 'static/search-manifest.json';

/** One index's files, relative to the manifest: the records list, and the index's entry file (what search reads). */
export interface ManifestIndex {
  records: string;
  index: string;
}

export interface SearchManifest {
  /** The site's default language and version: the index to use when the reader's language has none. */
  lang: string;
  version: string;
  /** Index key (`en`, `v2.zh`: searchIndexKey) → its files, relative to the manifest's own URL. */
  indexes: Record<string, ManifestIndex>;
}

/** The manifest's entry for a language: its exact key, its primary language (`en-US` → `en`), else the site's default. */
export function manifestEntry(manifest: SearchManifest, lang: string): ManifestIndex | undefined {
  const { indexes, version } = manifest;
  const primary = lang.toLowerCase().split('-')[0];
  for (const l of [lang, primary, manifest.lang]) {
    const entry = indexFor(indexes, l, version);
    if (entry) return entry;
  }
  return undefined;
}
