// The site model: what one build knows about the site, computed once by lib/site.ts and handed down to the
// layouts and the outputs. Types only, so layouts can read the model's shape without importing build code.
import type { RouteContext } from '../common/routes.ts';
import type { ServerRenderedTag } from '../common/views/server-rendered.ts';
import type { ShadowSheet } from '../common/views/shadow-root.tsx';
import type { BuildProblem } from './errors.ts';
import type { EditLink, NavItem, PageData, SidebarConfig, SiteConfig, UiTexts } from '../common/types.ts';

export interface ResolvedLocale {
  lang: string;
  label: string;
  /** '' for the default language, else '/zh' and so on. */
  prefix: string;
  title: string;
  description: string;
  nav: NavItem[];
  sidebar: SidebarConfig;
  editLink?: EditLink;
  texts: UiTexts;
}

export interface ResolvedSite {
  config: SiteConfig;
  /** Absolute path of the config file (errors point at it). */
  configFile: string;
  /** Absolute folder the content is read from. */
  contentRoot: string;
  /** Absolute folder of the static files published as they are (`public/` in the content folder). */
  publicDir: string;
  /** Project root (the config file's folder). */
  root: string;
  locales: ResolvedLocale[];
  versions: string[];
  defaultVersion: string;
  /** The favicon link's href: a small local SVG as a data URL (no request on a first visit), else its URL with base. */
  iconHref: string;
}

export type ResolvedSidebarItem =
  | { kind: 'link'; text: string; route: string; href: string; tag?: string; overviewHeaders?: number[] }
  | {
      kind: 'group';
      text: string;
      route?: string;
      href?: string;
      tag?: string;
      overviewHeaders?: number[];
      collapsible: boolean;
      collapsed: boolean;
      items: ResolvedSidebarItem[];
    }
  | { kind: 'divider'; dividerType: 'solid' | 'dashed' }
  | { kind: 'section'; text: string; tag?: string };

export interface ResolvedSidebar {
  /** Localized route prefix, e.g. `/zh/guide/`. */
  prefix: string;
  items: ResolvedSidebarItem[];
}

export interface SidebarPageLink {
  text: string;
  route: string;
  href: string;
}

/**
 * A stylesheet of the site (lib/assets.ts STYLE_ENTRIES): `site` is every page's; `home` and `overview` are the
 * home page's and the overview pages' own, so that other pages do not carry their rules.
 */
export interface StyleAsset {
  sheet: 'site' | 'home' | 'overview';
  href: string;
  /** The CSS itself when pages carry it inline (production builds; lib/assets.ts `withInlineStyles`). */
  text?: string;
}

export interface PageAssets {
  css: StyleAsset[];
  /** By tag: the stylesheet of each element's declarative shadow root (common/views/shadow-root.tsx). */
  shadowStyles: Partial<Record<ServerRenderedTag, ShadowSheet>>;
  /** The widget entry module. */
  script?: string;
  /** Chunks the entry imports statically (modulepreload). */
  preload: string[];
  /** Minified inline scripts: `boot` (theme, hide parameters, locale redirect) and the 404 page's. */
  inline: { boot: string; notFound: string };
  /**
   * The Content-Security-Policy a built page carries in a <meta> tag (lib/csp.ts): a doc page's (its inline script
   * the boot script) and a 404 page's (the boot and 404 scripts); none in the dev server.
   */
  csp?: { page: string; notFound: string };
  /**
   * The dev server's own (eleventy/dev-status.ts): the build that wrote the page (`<meta name="docs-dev-build">`),
   * the error overlay's stylesheet, and the script that checks, once the page is connected, for a build it missed.
   */
  dev?: { build: string; stylesheet: string; script: string };
}

export interface SearchIndexFile {
  /** `en`, `zh`, or `{version}.{lang}`: the key in the site data's `searchIndex`. */
  key: string;
  /** Path inside the output folder: `static/search_index.en.1a2b3c4d.json`. */
  file: string;
  /** URL with base. */
  url: string;
  json: string;
}

export interface SearchIndexSet {
  key: string;
  /** The records list (`search_index.{key}.{hash}.json`), for whoever reads it; the site's search does not. */
  records: SearchIndexFile;
  /** The index (common/search/shards.ts): its entry file first, then its chunks and page files; what the site's
   *  search fetches, a query's worth at a time. */
  shards: SearchIndexFile[];
}

export interface SitePage {
  data: PageData;
  /**
   * Rendered Markdown body (while the code highlights: placeholders for it, see lib/highlight.ts), which the search
   * index is made from; a build that writes the site lets it go then (eleventy/plugin.ts), the layouts render
   * Eleventy's copy.
   */
  html: string;
  /** Markdown published beside the page (front matter removed, H1 ensured); let go once written. */
  markdown: string;
  description: string;
  /** Absolute source file ('' for generated pages). */
  file: string;
  /** Route without language/version prefix: `/guide/start/`. */
  neutralRoute: string;
  /** Route with prefixes, without base: `/zh/guide/start/`. */
  route: string;
  href: string;
  outputFile: string;
  locale: ResolvedLocale;
  sidebar?: ResolvedSidebar;
  prev?: SidebarPageLink;
  next?: SidebarPageLink;
  /** Headings of every depth (ids), for anchor checks. */
  ids: string[];
  /** Same page in every language that has it. */
  alternates: { lang: string; href: string }[];
}

export interface SiteModel {
  site: ResolvedSite;
  ctx: RouteContext;
  pages: SitePage[];
  /** Every page by route (404 pages included): what a page that lists others looks them up in, once per build. */
  byRoute: Map<string, SitePage>;
  /** Sidebars per `${version}|${lang}`. */
  sidebars: Map<string, ResolvedSidebar[]>;
  /** Folder for build caches (highlighting, search index); none means no disk cache. */
  cacheDir?: string;
  /** The search index files (none when search is off), computed once per build from the pages. */
  searchIndex: SearchIndex;
  /** Static redirect pages (site config `redirects`), every language. Not pages: no sitemap, search or llms entry. */
  redirects: Redirect[];
  /** Files the pages use that are copied into the site (co-located images): absolute source → path in the site. */
  files: Map<string, string>;
  /** What the build found worth a look without failing (printed; the dev server shows them in the console). */
  warnings: BuildProblem[];
  /** With `keepGoing` (the migration check): the problems that would have failed the build. */
  problems: BuildProblem[];
}

export interface Redirect {
  /** The old route, localized, without base: `/zh/config/test/test-timeout`. */
  route: string;
  /** Where it leads: an href with base (and hash, if the map gives one). */
  to: string;
}

export interface SearchIndex {
  sets: SearchIndexSet[];
  /** The index's entry URL per index key: the site data's `searchIndex`. */
  urls: Record<string, string>;
}
