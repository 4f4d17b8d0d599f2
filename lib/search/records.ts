// Builds the search records of the site: one per searchable page, grouped per language (and version).
import { isNavActive } from '../../common/nav.ts';
import type { SitePage } from '../model.ts';
import { sidebarTrail } from '../sidebar.ts';
import { htmlToText } from './html-text.ts';
import { searchIndexKey } from '../../common/search/index-key.ts';
import type { SearchRecord, SearchTocEntry } from '../../common/search/record.ts';

/** Pages the index leaves out: the home page, 404 pages and pages with `search: false`. */
export function isSearchable(page: SitePage): boolean {
  const { pageType, frontmatter } = page.data;
  return pageType !== 'home' && pageType !== '404' && frontmatter.search !== false;
}

/**
 * Where a page lives, for search hits: the nav entry it belongs to, then the sidebar groups that hold it
 * (`['Config', 'Test Configurations']`). Repeated names (a nav entry and a group both called "Guide") once.
 */
export function searchSection(page: SitePage): string[] {
  const nav = page.locale.nav.find((item) => isNavActive(item, page.neutralRoute));
  const trail = [...(nav ? [nav.text] : []), ...sidebarTrail(page.sidebar?.items ?? [], page.route)];
  return trail.filter((text, i) => text !== trail[i - 1]);
}

/** The record of one page, from its body HTML with the code as plain text. */
export function buildSearchRecord(
  page: SitePage,
  html: string,
  id: number,
  options: { codeBlocks: boolean },
): SearchRecord {
  const { text: content, headingOffsets } = htmlToText(html, { code: options.codeBlocks });
  // Where each section starts in `content`, so a content hit can link to the heading above it.
  const toc = page.data.toc.map(
    ({ text, id, depth }): SearchTocEntry => ({ text, id, depth, charIndex: headingOffsets.get(id) ?? 0 }),
  );
  return {
    id,
    routePath: page.data.routePath,
    title: page.data.title,
    section: searchSection(page),
    content,
    toc,
    lang: page.data.lang,
    version: page.data.version,
  };
}

/** Records per index key (`en`, `zh`, or `v2.en` when versioned), in page order. */
export function buildSearchRecords(
  pages: { page: SitePage; html: string }[],
  options: { codeBlocks: boolean },
): Map<string, SearchRecord[]> {
  const groups = new Map<string, SearchRecord[]>();
  for (const { page, html } of pages) {
    if (!isSearchable(page)) continue;
    const key = searchIndexKey(page.data.lang, page.data.version);
    const list = groups.get(key) ?? [];
    list.push(buildSearchRecord(page, html, list.length, options));
    groups.set(key, list);
  }
  return groups;
}
