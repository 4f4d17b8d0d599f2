// One build of the site as Eleventy drives it (`SiteBuild`): each page's Markdown rendered when Eleventy asks, then
// the model made from all of them: page data, sidebars and prev/next, the checks across pages (translations,
// links, anchors, images, sidebar entries), the 404 pages and the search index.
import fs from 'node:fs';
import path from 'node:path';
import { loadSiteConfig } from './config.ts';
import { BuildError, type BuildProblem } from './errors.ts';
import { parseMarkdownFile } from './frontmatter.ts';
import { CodeHighlighter, prefetchHighlights, warmUpHighlighting } from './highlight.ts';
import { gitTimes, lastUpdatedOf } from './last-updated.ts';
import { scanCodeBlocks } from './markdown/code.ts';
import { publishedLinks, publishedMarkdown } from './outputs/markdown.ts';
import { buildSearchIndex } from './search/index-files.ts';
import { createMarkdown, type MarkdownEnv } from './markdown/index.ts';
import type { LinkRef } from './markdown/env.ts';
import { contentProblems, listContent } from './content-files.ts';
import { largePageWarnings, pageDataProblems, utf8Problems } from './page-checks.ts';
import { publicFiles } from './public-files.ts';
import { metaSidebars } from './sidebar-meta.ts';
import { outlineEntries } from './markdown/toc.ts';
import {
  hrefOfRoute,
  localizeRoute,
  normalizeRoute,
  outputFileOfRoute,
  routeOfFile,
  withBase,
  type RouteContext,
} from '../common/routes.ts';
import type { ResolvedSidebar, ResolvedSite, SearchIndex, SiteModel, SitePage } from './model.ts';
import { resolveRedirects } from './redirects.ts';
import { storeText } from './stored-text.ts';
import { prevNextByRoute, resolveSidebars, sidebarForRoute, type PrevNext } from './sidebar.ts';
import type { Frontmatter, PageData, PageType, TocEntry, UserSiteConfig } from '../common/types.ts';

export interface BuildSiteOptions {
  configFile: string;
  /** Overrides for tests and benchmarks (content folder, base path). */
  overrides?: Partial<UserSiteConfig>;
  /** Folder for build caches (highlighting, search index); none means no disk cache. */
  cacheDir?: string;
  /** Build despite problems, listed in `model.problems` (the migration check); normally they throw a BuildError. */
  keepGoing?: boolean;
  /** A build after the first keeps the search index of the first (the dev server's). */
  keepSearchIndex?: boolean;
  /**
   * A build after the first keeps the render of each page whose text is unchanged, while the content's other files
   * (images, partials, public files) are too (the dev server's).
   */
  keepRenders?: boolean;
}

export function routeContextOf(site: ResolvedSite): RouteContext {
  return {
    base: site.config.base,
    locales: site.locales.map((l) => ({ lang: l.lang, prefix: l.prefix })),
    versions: site.versions,
    defaultVersion: site.defaultVersion,
    cleanUrls: site.config.cleanUrls,
  };
}

interface SourceFile {
  file: string;
  relativePath: string;
  lang: string;
  version: string;
}

/** The pages of a language folder; links out of the content folder or in a loop are left out (content-files.ts). */
function listMarkdown(folder: string, contentRoot: string): string[] {
  return listContent(folder, contentRoot).files.filter((f) => /\.mdx?$/.test(f));
}

function sourceFiles(site: ResolvedSite): SourceFile[] {
  const out: SourceFile[] = [];
  for (const version of site.versions) {
    for (const locale of site.locales) {
      const folder = path.join(site.contentRoot, version, locale.lang);
      for (const relativePath of listMarkdown(folder, site.contentRoot)) {
        out.push({ file: path.join(folder, relativePath), relativePath, lang: locale.lang, version });
      }
    }
  }
  return out;
}

/**
 * Files in the language folders that the build neither reads nor publishes: not a page (.md, .mdx), not a
 * folder's `_meta.json` sidebar, not an image a page uses (`used`: copied with it). Static files belong in
 * content/public/. Hidden files (`.DS_Store`…) are an editor's, not the author's.
 */
function strayFiles(site: ResolvedSite, used: Map<string, string>): BuildProblem[] {
  const out: BuildProblem[] = [];
  const publicDir = path.relative(process.cwd(), site.publicDir);
  for (const version of site.versions) {
    for (const locale of site.locales) {
      const folder = path.join(site.contentRoot, version, locale.lang);
      for (const relativePath of listContent(folder, site.contentRoot).files) {
        const file = path.join(folder, relativePath);
        const relative = relativePath.split('/');
        const name = relative.at(-1)!;
        if (/\.mdx?$/.test(name) || name === '_meta.json' || used.has(file)) continue;
        if (relative.some((part) => part.startsWith('.'))) continue;
        out.push({
          file,
          message: `not a Markdown page, so not published (of ${locale.lang}/, only pages, _meta.json and the images pages use are)`,
          fix: `move it to ${publicDir}/ (served as is, at its path there), rename it to .md if it is a page, or delete it`,
        });
      }
    }
  }
  return out;
}

const highlightCacheOf = (options: BuildSiteOptions) =>
  options.cacheDir && path.join(options.cacheDir, 'highlight.json');

/**
 * Hands the content's code blocks to the highlighting thread without waiting, so they are highlighted while
 * the build starts Eleventy. A speculation: what `buildSite` later asks for and this missed is highlighted then.
 * Returns the loaded config, for `startSite` to use rather than load again.
 */
export async function prefetchCodeBlocks(options: BuildSiteOptions): Promise<ResolvedSite> {
  const cacheFile = highlightCacheOf(options);
  // With no cache, every block needs the thread: it starts and loads shiki while the config loads and the content
  // is scanned. With one, it starts only for blocks the cache lacks (a warm build then never loads shiki, about a
  // second of CPU that Eleventy's start-up would share two cores with).
  if (!cacheFile || !fs.existsSync(cacheFile)) warmUpHighlighting();
  const site = await loadSiteConfig(options.configFile, options.overrides);
  const blocks = sourceFiles(site).flatMap((source) => scanCodeBlocks(fs.readFileSync(source.file, 'utf8')));
  prefetchHighlights(blocks, cacheFile);
  return site;
}

const PARTIAL_IMPORT = /^import\s+[A-Za-z_$][\w$]*\s+from\s+['"]([^'"]+\.mdx?)['"]/gm;

/**
 * One build of the site, as Eleventy drives it (eleventy/plugin.ts): Eleventy reads each page, puts its front
 * matter in the data cascade and hands its body to `renderMarkdown` (the Markdown library it renders with); once
 * every page is rendered, `model()` makes what is known only from all of them (sidebars, prev/next, alternates,
 * the checks across pages, the search index) for the layouts and the side outputs.
 */
export class SiteBuild {
  readonly ctx: RouteContext;
  private readonly highlighter: CodeHighlighter;
  private readonly md: ReturnType<typeof createMarkdown>;
  private readonly mdx: ReturnType<typeof createMarkdown>;
  private readonly times: Map<string, number>;
  private sources = new Map<string, SourceFile>();
  /** The content's files that are pages, in file order (partials left out). */
  private files: SourceFile[] = [];
  private readonly rendered = new Map<string, SitePage>();
  /** Files rendered since the last `refresh()`. */
  private renderedSinceRefresh = new Set<string>();
  /**
   * With `keepRenders`: the text each page was last rendered from, and a stamp of the content's other files, which
   * a page's render also reads. A page whose text is the same, in unchanged surroundings, renders as it did: its
   * render is kept, as an incremental build keeps every page but the saved one.
   */
  private readonly renderedFrom = new Map<string, string>();
  private surroundings = '';
  /** What each page linked to, kept for the dead-link check once every page is known. */
  private readonly linksByRoute = new Map<string, { links: LinkRef[]; file: string }>();
  /** Problems and warnings of each page's own source, by file. */
  private readonly pageProblems = new Map<string, BuildProblem[]>();
  private readonly pageWarnings = new Map<string, BuildProblem[]>();
  /** Per page, the images beside it that it shows, which the build copies into the site: source → path in the site. */
  private readonly imagesOfPage = new Map<string, Map<string, string>>();
  private assembled?: SiteModel;
  private failure?: unknown;
  private searchIndex?: SearchIndex;
  /** Called with the model once it is made, before any page renders from it (the dev server renames files). */
  onModel?: (model: SiteModel) => void;
  private highlighted?: Promise<void>;

  constructor(
    readonly site: ResolvedSite,
    private readonly options: BuildSiteOptions,
  ) {
    this.ctx = routeContextOf(site);
    this.highlighter = new CodeHighlighter(highlightCacheOf(options));
    const markdownOptions = {
      highlighter: this.highlighter,
      currentRoute: (env: MarkdownEnv) => (env as MarkdownEnv & { neutralRoute: string }).neutralRoute,
      headingIds: site.config.markdown.headingIds,
    };
    this.md = createMarkdown(markdownOptions);
    this.mdx = createMarkdown({ ...markdownOptions, mdx: true });
    this.times = gitTimes(site.contentRoot);
    this.refresh();
  }

  /**
   * Lists the pages anew, for a build that renders only some of them again (the dev server's incremental builds):
   * pages rendered before stay, those whose file is gone are dropped, and the model is made afresh.
   */
  refresh(): void {
    const { site } = this;
    // Markdown imported by a page (`import Part from './part.md'`, an MDX partial) is part of that page, not a page.
    const all = sourceFiles(site);
    const partials = new Set<string>();
    for (const source of all) {
      for (const m of fs.readFileSync(source.file, 'utf8').matchAll(PARTIAL_IMPORT))
        partials.add(path.resolve(path.dirname(source.file), m[1]));
    }
    this.files = all.filter((source) => !partials.has(source.file));
    this.sources = new Map(this.files.map((source) => [source.file, source]));
    for (const file of this.rendered.keys()) if (!this.sources.has(file)) this.rendered.delete(file);
    if (this.options.keepRenders) {
      const surroundings = this.stampOfOtherFiles();
      if (surroundings !== this.surroundings) this.renderedFrom.clear();
      this.surroundings = surroundings;
    }
    this.assembled = undefined;
    this.failure = undefined;
    this.renderedSinceRefresh = new Set();
    if (this.files.length === 0) {
      throw new BuildError([
        {
          file: site.contentRoot,
          message: 'no Markdown pages found',
          fix: `put pages in ${path.relative(process.cwd(), site.contentRoot)}/${site.config.lang}/ (index.md is the home page)`,
        },
      ]);
    }
  }

  /** Each content file that is not a page, with its size and time: what else a page's render may read. */
  private stampOfOtherFiles(): string {
    const { contentRoot } = this.site;
    return listContent(contentRoot, contentRoot)
      .files.map((relative) => path.join(contentRoot, relative))
      .filter((file) => !this.sources.has(file))
      .map((file) => {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return `${file}:${stat?.size}:${stat?.mtimeMs}`;
      })
      .join('\n');
  }

  /** Whether Eleventy's template `file` is a page (not a partial, not outside the language folders, not hidden). */
  isPage(file: string): boolean {
    return this.sources.has(path.resolve(file));
  }

  /** The route of the page of `file` (localized, without base). */
  routeOfFile(file: string): string {
    const source = this.sources.get(path.resolve(file))!;
    return localizeRoute(this.ctx, routeOfFile(source.relativePath), source.lang, source.version);
  }

  /** Where the page of `file` is written, inside the output folder. */
  outputFileOf(file: string): string {
    return outputFileOfRoute(this.routeOfFile(file));
  }

  /**
   * Eleventy's Markdown library: renders a page's body (its code as placeholders, highlighted in a thread
   * meanwhile) and keeps what the page is for the model.
   */
  renderMarkdown(body: string, file: string): string {
    const source = this.sources.get(path.resolve(file));
    if (!source) throw new Error(`${file} is not a page of the site`);
    const text = fs.readFileSync(source.file, 'utf8');
    // With keepRenders: both what the front matter is read from and the body Eleventy hands over.
    const from = this.options.keepRenders ? `${text}\0${body}` : undefined;
    const kept = from !== undefined && this.renderedFrom.get(source.file) === from;
    const page = (kept && this.rendered.get(source.file)) || this.renderSource(source, text, body);
    if (from !== undefined) this.renderedFrom.set(source.file, from);
    this.rendered.set(source.file, page);
    this.renderedSinceRefresh.add(source.file);
    return page.html;
  }

  /** The pages rendered since the last `refresh()` (all of them in a first build). */
  renderedNow(): SitePage[] {
    return [...this.renderedSinceRefresh].flatMap((file) => this.rendered.get(file) ?? []);
  }

  private renderSource(source: SourceFile, text: string, body: string): SitePage {
    const { site, ctx } = this;
    const problems: BuildProblem[] = [];
    const warnings: BuildProblem[] = [];
    const images = new Map<string, string>();
    this.pageProblems.set(source.file, problems);
    this.pageWarnings.set(source.file, warnings);
    this.imagesOfPage.set(source.file, images);
    // The front matter Eleventy read into the page's data, checked field by field with its lines.
    const parsed = parseMarkdownFile(text, source.file, problems);
    const fm: Frontmatter = parsed.frontmatter;
    problems.push(...utf8Problems(source.file, text));
    warnings.push(...largePageWarnings(source.file, fm, body));
    const locale = site.locales.find((l) => l.lang === source.lang)!;
    const neutralRoute = routeOfFile(source.relativePath);
    const route = localizeRoute(ctx, neutralRoute, source.lang, source.version);
    // Lines before the body Eleventy hands over (the front matter), for the problems' line numbers.
    const lineOffset = text.endsWith(body)
      ? text.slice(0, text.length - body.length).split('\n').length - 1
      : parsed.bodyLineOffset;
    const env: MarkdownEnv & { neutralRoute: string } = {
      file: source.file,
      lineOffset,
      lang: source.lang,
      version: source.version,
      texts: locale.texts,
      localize: (r) => localizeRoute(ctx, r, source.lang, source.version),
      href: (r) => hrefOfRoute(ctx, r),
      fileHref: (p) => withBase(ctx.base, p),
      showLineNumbers: site.config.markdown.showLineNumbers,
      toc: [],
      ids: [],
      links: [],
      codeTexts: [],
      problems,
      uid: 0,
      neutralRoute,
      mdx: source.file.endsWith('.mdx'),
      warnings,
      base: site.config.base,
      contentRoot: site.contentRoot,
      files: images,
    };
    const html = (env.mdx ? this.mdx : this.md).render(body, env);
    const pageType: PageType = fm.pageType ?? 'doc';
    // Without a front-matter title, the first # heading is the title (as Rspress and VitePress do).
    const title = fm.title ?? env.headingTitle ?? '';
    if (!title && pageType !== 'home') {
      problems.push({
        file: source.file,
        line: 1,
        message: 'the page has no title',
        fix: 'add `title: …` to the front matter, or start the page with a `# Title` heading',
      });
    }
    if (!fm.description && !fm.title && pageType !== 'home') {
      warnings.push({
        file: source.file,
        line: 1,
        message: "the page has no front-matter description: search engines and link previews get the site's",
        fix: 'add `description: One sentence on what the page covers.` to the front matter',
      });
    } else if (!fm.description) {
      problems.push({
        file: source.file,
        line: 1,
        message: 'the page has no front-matter description (used for search engines and link previews)',
        fix: 'add `description: One sentence on what the page covers.` to the front matter',
      });
    }
    const data: PageData = {
      pagePath: path.relative(site.root, source.file).split(path.sep).join('/'),
      relativePath: source.relativePath,
      routePath: hrefOfRoute(ctx, route),
      pageType,
      title,
      headingTitle: env.headingTitle ?? '',
      frontmatter: fm,
      toc: outlineEntries(fm.outline, env.toc, env.fullToc ?? []),
      lang: source.lang,
      version: site.config.multiVersion ? source.version : '',
      lastUpdatedTime: lastUpdatedOf(source.file, this.times),
    };
    problems.push(...pageDataProblems(source.file, data));
    this.linksByRoute.set(route, { links: env.links, file: source.file });
    const page: SitePage = {
      data,
      html: '',
      markdown: '',
      description: data.frontmatter.description ?? locale.description,
      file: source.file,
      neutralRoute,
      route,
      href: hrefOfRoute(ctx, route),
      outputFile: outputFileOfRoute(route),
      locale,
      ids: env.ids,
      alternates: [],
    };
    storeText(page, 'html', html);
    // The home page usually has no title: its Markdown copy is headed by the site title.
    storeText(
      page,
      'markdown',
      publishedMarkdown(
        body,
        title || locale.title,
        publishedLinks(ctx, site.config.siteUrl, { lang: source.lang, version: source.version, neutralRoute, route }),
      ),
    );
    return page;
  }

  /**
   * The site model, made once every page is rendered (Eleventy renders every page's content before any layout):
   * the checks across pages, the sidebars, prev/next and alternates, the 404 pages and the search index. Throws
   * a BuildError listing every problem of the site, in file order (unless `keepGoing`).
   */
  model(): SiteModel {
    if (this.failure) throw this.failure;
    if (this.assembled) return this.assembled;
    try {
      this.assembled = this.assemble();
      this.onModel?.(this.assembled);
    } catch (error) {
      this.failure = error;
      throw error;
    }
    return this.assembled;
  }

  private assemble(): SiteModel {
    const { site, ctx, options } = this;
    // Highlighting what the cache lacks goes on in its thread while the rest of the model is made.
    this.highlighted = this.highlighter.flush().then(() => this.highlighter.save());
    this.highlighted.catch(() => {});
    const pages = this.files.flatMap((source) => this.rendered.get(source.file) ?? []);
    const problems = [
      ...contentProblems(site),
      ...this.files.flatMap((source) => this.pageProblems.get(source.file) ?? []),
    ];
    const publicListing = publicFiles(site.publicDir);
    // The images the pages show now (a page edited since may have dropped one).
    const copied = new Map(this.files.flatMap((source) => [...(this.imagesOfPage.get(source.file) ?? [])]));
    const warnings = [
      ...this.files.flatMap((source) => this.pageWarnings.get(source.file) ?? []),
      ...strayFiles(site, copied),
      ...publicListing.warnings,
    ];
    const byRoute = new Map(pages.map((p) => [p.route, p]));
    checkTranslations(site, pages, problems);
    checkLinks(site, new Set(publicListing.files), byRoute, this.linksByRoute, problems);
    const sidebars = resolveAllSidebars(site, ctx, byRoute, problems);
    linkPages(site, ctx, pages, sidebars, byRoute);
    const redirects = resolveRedirects(site, ctx, (route) => byRoute.has(route), problems);
    if (problems.length && !options.keepGoing) throw new BuildError(problems, warnings);
    pages.push(...notFoundPages(site, ctx));
    // The dev server keeps the index of its first build: remade on every edit it would cost more than the edit.
    const searchIndex =
      (options.keepSearchIndex && this.searchIndex) ||
      buildSearchIndex(site, pages, (page) => this.highlighter.plain(page.html), options.cacheDir);
    this.searchIndex = searchIndex;
    return {
      site,
      ctx,
      pages,
      byRoute: new Map(pages.map((p) => [p.route, p])),
      sidebars,
      cacheDir: options.cacheDir,
      searchIndex,
      redirects,
      files: copied,
      warnings,
      problems,
    };
  }

  /** Resolves when every code block is highlighted (and the cache saved); after `model()`. */
  async finished(): Promise<void> {
    await this.highlighted;
  }

  /** Fills the code placeholders in HTML made from the pages (once `finished`). */
  fillCode(html: string): string {
    return this.highlighter.resolve(html);
  }
}

/** Sidebars per language and version (`${version}|${lang}`): the config's, and for sections it gives none, `_meta.json`'s. */
function resolveAllSidebars(
  site: ResolvedSite,
  ctx: RouteContext,
  byRoute: Map<string, SitePage>,
  problems: BuildProblem[],
): Map<string, ResolvedSidebar[]> {
  const sidebars = new Map<string, ResolvedSidebar[]>();
  for (const version of site.versions) {
    for (const locale of site.locales) {
      const sidebarConfig = {
        ...metaSidebars(path.join(site.contentRoot, version, locale.lang), locale.sidebar, problems),
        ...locale.sidebar,
      };
      const resolved = resolveSidebars(sidebarConfig, {
        localize: (r) => localizeRoute(ctx, r, locale.lang, version),
        href: (r) => hrefOfRoute(ctx, r),
        titleOf: (r) => byRoute.get(r)?.data.title,
        configFile: site.configFile,
        problems,
      });
      sidebars.set(`${version}|${locale.lang}`, resolved);
    }
  }
  return sidebars;
}

/** Each page's sidebar, prev/next and alternates (the same page in the other languages). */
function linkPages(
  site: ResolvedSite,
  ctx: RouteContext,
  pages: SitePage[],
  sidebars: Map<string, ResolvedSidebar[]>,
  byRoute: Map<string, SitePage>,
): void {
  // Each sidebar is walked once for the prev/next of all its pages (a sidebar can list thousands).
  const prevNextOf = new Map<ResolvedSidebar, Map<string, PrevNext>>();
  for (const page of pages) {
    page.sidebar = sidebarForRoute(
      sidebars.get(`${page.data.version || site.defaultVersion}|${page.data.lang}`) ?? [],
      page.route,
    );
    let around: PrevNext | undefined;
    if (page.sidebar) {
      let map = prevNextOf.get(page.sidebar);
      if (!map) prevNextOf.set(page.sidebar, (map = prevNextByRoute(page.sidebar)));
      around = map.get(page.route);
    }
    Object.assign(page, { prev: undefined, next: undefined }, around);
    page.alternates = site.locales
      .map((l) => ({
        lang: l.lang,
        route: localizeRoute(ctx, page.neutralRoute, l.lang, page.data.version || site.defaultVersion),
      }))
      .filter((a) => byRoute.has(a.route))
      .map((a) => ({ lang: a.lang, href: hrefOfRoute(ctx, a.route) }));
  }
}

function checkTranslations(site: ResolvedSite, pages: SitePage[], problems: BuildProblem[]): void {
  if (site.locales.length < 2) return;
  for (const version of site.versions) {
    const inVersion = pages.filter((p) => (p.data.version || site.defaultVersion) === version);
    const present = new Set(inVersion.map((p) => `${p.data.lang}\0${p.data.relativePath}`));
    const has = (lang: string, rel: string) => present.has(`${lang}\0${rel}`);
    for (const page of inVersion) {
      for (const locale of site.locales) {
        if (locale.lang === page.data.lang || has(locale.lang, page.data.relativePath)) continue;
        const missing = path.join(site.contentRoot, version, locale.lang, page.data.relativePath);
        problems.push({
          file: page.file,
          line: 1,
          message: `this page has no ${locale.label} (${locale.lang}) counterpart`,
          fix: `create ${path.relative(process.cwd(), missing)} (every page exists in every language)`,
        });
      }
    }
  }
}

/** `published`: what the build publishes of the public folder (no hidden file, no link out of it); a link to anything else there is dead. */
function checkLinks(
  site: ResolvedSite,
  published: Set<string>,
  byRoute: Map<string, SitePage>,
  linksByRoute: Map<string, { links: LinkRef[]; file: string }>,
  problems: BuildProblem[],
): void {
  const { publicDir } = site;
  const isPublicFile = (route: string) => {
    let decoded = route;
    try {
      decoded = decodeURIComponent(route);
    } catch {
      // Looked up as written.
    }
    return published.has(path.posix.normalize(decoded).replace(/^\/+/, ''));
  };
  for (const [route, { links, file }] of linksByRoute) {
    const page = byRoute.get(route);
    if (!page) continue;
    for (const link of links) {
      if (link.kind === 'image') {
        if (isPublicFile(link.route)) continue;
        problems.push({
          file,
          line: link.line,
          message: `missing image "${link.href}": there is no file ${path.relative(process.cwd(), path.join(publicDir, link.route))}`,
          fix: `put the image in ${path.relative(process.cwd(), publicDir)}/ (a file there is served at its path: ${path.relative(process.cwd(), publicDir)}/img/a.png is /img/a.png), or correct the path`,
        });
        continue;
      }
      const target =
        link.route === ''
          ? page
          : (byRoute.get(normalizeRoute(link.route)) ?? byRoute.get(`${normalizeRoute(link.route)}/`));
      if (!target) {
        if (link.route && isPublicFile(link.route)) continue;
        problems.push({
          file,
          line: link.line,
          message: `dead link "${link.href}": no page has the route ${link.route}`,
          fix: 'point the link at an existing page (links are written without the /zh prefix), or create the page',
        });
        continue;
      }
      if (link.hash && !target.ids.includes(link.hash)) {
        problems.push({
          file,
          line: link.line,
          message: `dead anchor "${link.href}": ${target.route} has no heading with id "${link.hash}"`,
          fix: `use one of its ids (${target.ids.slice(0, 6).join(', ')}${target.ids.length > 6 ? ', …' : ''}), or give the heading {#${link.hash}}`,
        });
      }
    }
  }
}

/** The routes of the 404 pages: one per language and version (static hosts serve `404.html` for unknown paths). */
export function notFoundRoutes(site: ResolvedSite): string[] {
  const ctx = routeContextOf(site);
  return site.versions.flatMap((version) =>
    site.locales.map((locale) => localizeRoute(ctx, '/404', locale.lang, version)),
  );
}

/** One 404 page per language and version. */
function notFoundPages(site: ResolvedSite, ctx: RouteContext): SitePage[] {
  const out: SitePage[] = [];
  for (const version of site.versions) {
    for (const locale of site.locales) {
      const route = localizeRoute(ctx, '/404', locale.lang, version);
      out.push({
        data: {
          pagePath: '',
          relativePath: '404.md',
          routePath: hrefOfRoute(ctx, route),
          pageType: '404',
          title: '404',
          headingTitle: '404',
          frontmatter: { search: false },
          toc: [] as TocEntry[],
          lang: locale.lang,
          version: site.config.multiVersion ? version : '',
          lastUpdatedTime: 0,
        },
        html: '',
        markdown: '',
        description: locale.texts.notFoundTitle,
        file: '',
        neutralRoute: '/404',
        route,
        href: hrefOfRoute(ctx, route),
        outputFile: outputFileOfRoute(route),
        locale,
        ids: [],
        alternates: [],
      });
    }
  }
  return out;
}
