// Builds the site model once per build: reads every Markdown file, renders it, computes page data,
// sidebars and prev/next, then runs the checks (translations, links, anchors, images, containers, heading ids,
// sidebar entries).
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
import type { Redirect, ResolvedSidebar, ResolvedSite, SiteModel, SitePage } from './model.ts';
import { resolveRedirects } from './redirects.ts';
import { storeText } from './stored-text.ts';
import { flattenSidebar, prevNextByRoute, resolveSidebars, sidebarForRoute, type PrevNext } from './sidebar.ts';
import type { Frontmatter, PageData, PageType, TocEntry, UserSiteConfig } from '../common/types.ts';

export interface BuildSiteOptions {
  configFile: string;
  /** Overrides for tests and benchmarks (content folder, base path). */
  overrides?: Partial<UserSiteConfig>;
  /** Folder for build caches (highlighting, search index); none means no disk cache. */
  cacheDir?: string;
  /** Build despite problems, listed in `model.problems` (the migration check); normally they throw a BuildError. */
  keepGoing?: boolean;
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
  // The thread starts and loads shiki while the config loads and the content is scanned.
  warmUpHighlighting();
  const site = await loadSiteConfig(options.configFile, options.overrides);
  const blocks = sourceFiles(site).flatMap((source) => scanCodeBlocks(fs.readFileSync(source.file, 'utf8')));
  prefetchHighlights(blocks, highlightCacheOf(options));
  return site;
}

/** A site model whose code blocks may still be highlighting (see `startSite`). */
export interface StagedSite {
  /** Complete but for the code: `page.html` holds placeholders for it. */
  model: SiteModel;
  /** Resolves when the code is highlighted (and the cache saved). */
  finished: Promise<void>;
  /** Fills the code placeholders in `page.html`, or in HTML made from it (once `finished`). */
  fillCode(html: string): string;
}

/** The site model, complete: every page's HTML with its highlighted code. */
export async function buildSite(options: BuildSiteOptions): Promise<SiteModel> {
  const staged = await startSite(options);
  await staged.finished;
  for (const page of staged.model.pages) page.html = staged.fillCode(page.html);
  return staged.model;
}

/**
 * The site model before the code is highlighted, for a build that renders the pages meanwhile: highlighting runs
 * in its own thread and usually ends last. `loaded` is the config `prefetchCodeBlocks` loaded for these options.
 */
export async function startSite(options: BuildSiteOptions, loaded?: ResolvedSite): Promise<StagedSite> {
  return (await openSite(options, loaded)).staged;
}

/** What an edit changed (see `SiteSession.update`). */
export interface SiteUpdate {
  /** The pages whose source changed, rendered anew (their code highlighted). */
  changed: SitePage[];
  /** Hrefs of every page that shows something new: the changed pages, and the pages that show their titles, headings or descriptions. */
  hrefs: string[];
}

/** A built site that can take edits to its pages without building everything again (the dev server's). */
export interface SiteSession {
  staged: StagedSite;
  /**
   * Brings the model up to date after `files` changed. Undefined when only a full build can (a page added or
   * removed, a `_meta.json`, partial or image changed). Throws a BuildError when the edit brings problems (the
   * model then has the edit all the same). The search index is left as it was: see `rebuildSearchIndex`.
   */
  update(files: string[]): Promise<SiteUpdate | undefined>;
  /** The search index made anew from the pages as they are now (after `update`s). */
  rebuildSearchIndex(): void;
}

const PARTIAL_IMPORT = /^import\s+[A-Za-z_$][\w$]*\s+from\s+['"]([^'"]+\.mdx?)['"]/gm;

export async function openSite(options: BuildSiteOptions, loaded?: ResolvedSite): Promise<SiteSession> {
  const site = loaded ?? (await loadSiteConfig(options.configFile, options.overrides));
  const ctx = routeContextOf(site);
  const highlighter = new CodeHighlighter(highlightCacheOf(options));
  const markdownOptions = {
    highlighter,
    currentRoute: (env: MarkdownEnv) => (env as MarkdownEnv & { neutralRoute: string }).neutralRoute,
    headingIds: site.config.markdown.headingIds,
  };
  const md = createMarkdown(markdownOptions);
  const mdx = createMarkdown({ ...markdownOptions, mdx: true });
  const copied = new Map<string, string>();
  const times = gitTimes(site.contentRoot);
  const read = (file: string) => fs.readFileSync(file, 'utf8');
  // Markdown imported by a page (`import Part from './part.md'`, an MDX partial) is part of that page, not a page.
  const partialsOf = (file: string, text: string) =>
    [...text.matchAll(PARTIAL_IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]));
  const partials = new Set<string>();
  const all = sourceFiles(site);
  // Each source is read for its imports here and again when it renders (from the OS's cache): a large site's
  // sources, all held at once, were as large as the rest of the model.
  for (const source of all) for (const partial of partialsOf(source.file, read(source.file))) partials.add(partial);
  const files = all.filter((source) => !partials.has(source.file));
  if (files.length === 0) {
    throw new BuildError([
      {
        file: site.contentRoot,
        message: 'no Markdown pages found',
        fix: `put pages in ${path.relative(process.cwd(), site.contentRoot)}/${site.config.lang}/ (index.md is the home page)`,
      },
    ]);
  }
  const localeOf = (lang: string) => site.locales.find((l) => l.lang === lang)!;
  // What each page linked to, kept for the dead-link check once every page is known.
  const linksByRoute = new Map<string, { links: LinkRef[]; file: string }>();
  // Problems and warnings of each page's own source, by file; the checks across pages are made afresh each time.
  const pageProblems = new Map<string, BuildProblem[]>();
  const pageWarnings = new Map<string, BuildProblem[]>();

  function renderSource(source: SourceFile, text: string): SitePage {
    const problems: BuildProblem[] = [];
    const warnings: BuildProblem[] = [];
    pageProblems.set(source.file, problems);
    pageWarnings.set(source.file, warnings);
    const parsed = parseMarkdownFile(text, source.file, problems);
    const fm: Frontmatter = parsed.frontmatter;
    problems.push(...utf8Problems(source.file, text));
    warnings.push(...largePageWarnings(source.file, fm, parsed.body));
    const locale = localeOf(source.lang);
    const neutralRoute = routeOfFile(source.relativePath);
    const route = localizeRoute(ctx, neutralRoute, source.lang, source.version);
    const env: MarkdownEnv & { neutralRoute: string } = {
      file: source.file,
      lineOffset: parsed.bodyLineOffset,
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
      files: copied,
    };
    const html = (env.mdx ? mdx : md).render(parsed.body, env);
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
      lastUpdatedTime: lastUpdatedOf(source.file, times),
    };
    problems.push(...pageDataProblems(source.file, data));
    // What is kept of the page is copied (structuredClone): strings cut from the source (headings, front matter,
    // links, ids) would otherwise keep the whole source text alive for the build.
    const kept = structuredClone({ data, links: env.links, ids: env.ids });
    linksByRoute.set(route, { links: kept.links, file: source.file });
    const page: SitePage = {
      data: kept.data,
      html: '',
      markdown: '',
      description: kept.data.frontmatter.description ?? locale.description,
      file: source.file,
      neutralRoute,
      route,
      href: hrefOfRoute(ctx, route),
      outputFile: outputFileOfRoute(route),
      locale,
      ids: kept.ids,
      alternates: [],
    };
    storeText(page, 'html', html);
    // The home page usually has no title: its Markdown copy is headed by the site title.
    storeText(
      page,
      'markdown',
      publishedMarkdown(
        parsed.body,
        title || locale.title,
        publishedLinks(ctx, site.config.siteUrl, { lang: source.lang, version: source.version, neutralRoute, route }),
      ),
    );
    return page;
  }

  const pages: SitePage[] = files.map((source) => renderSource(source, read(source.file)));

  // Highlighting what the cache lacks goes on in its thread while the rest of the model (search included) is
  // made from the plain text; the placeholders are filled at the end.
  const highlighted = highlighter.flush();
  highlighted.catch(() => {});

  /** The checks across pages, the sidebars, prev/next and alternates; every problem of the site, in file order. */
  function assemble(): {
    problems: BuildProblem[];
    warnings: BuildProblem[];
    sidebars: Map<string, ResolvedSidebar[]>;
    redirects: Redirect[];
  } {
    const problems = [...contentProblems(site), ...files.flatMap((source) => pageProblems.get(source.file) ?? [])];
    const publicListing = publicFiles(site.publicDir);
    const warnings = [
      ...files.flatMap((source) => pageWarnings.get(source.file) ?? []),
      ...strayFiles(site, copied),
      ...publicListing.warnings,
    ];
    const byRoute = new Map(pages.map((p) => [p.route, p]));
    checkTranslations(site, pages, problems);
    checkLinks(site, new Set(publicListing.files), byRoute, linksByRoute, problems);

    // Sidebars per language and version, then prev/next.
    const sidebars = new Map<string, ResolvedSidebar[]>();
    for (const version of site.versions) {
      for (const locale of site.locales) {
        // Sections the config gives no sidebar take one from their folder's _meta.json (Rspress's form).
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
    // Each sidebar is walked once for the prev/next of all its pages (a sidebar can list thousands).
    const prevNextOf = new Map<ResolvedSidebar, Map<string, PrevNext>>();
    for (const page of pages) {
      if (!page.file) continue;
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

    const redirects = resolveRedirects(site, ctx, (route) => byRoute.has(route), problems);
    return { problems, warnings, sidebars, redirects };
  }

  const assembled = assemble();
  if (assembled.problems.length && !options.keepGoing) throw new BuildError(assembled.problems, assembled.warnings);
  pages.push(...notFoundPages(site, ctx));
  const searchIndex = buildSearchIndex(site, pages, (page) => highlighter.plain(page.html), options.cacheDir);
  const model: SiteModel = {
    site,
    ctx,
    pages,
    byRoute: new Map(pages.map((p) => [p.route, p])),
    sidebars: assembled.sidebars,
    cacheDir: options.cacheDir,
    searchIndex,
    redirects: assembled.redirects,
    files: copied,
    warnings: assembled.warnings,
    problems: assembled.problems,
  };
  const finished = highlighted.then(() => highlighter.save());
  const staged: StagedSite = { model, finished, fillCode: (html) => highlighter.resolve(html) };

  async function update(changed: string[]): Promise<SiteUpdate | undefined> {
    const sources = new Map(files.map((source) => [source.file, source]));
    const edits: { index: number; source: SourceFile; text: string }[] = [];
    for (const file of new Set(changed)) {
      const source = sources.get(file);
      // A page added or removed, or a file that is not a page (a partial, _meta.json, an image): build everything.
      if (!source || !fs.existsSync(file)) return undefined;
      const text = read(file);
      if (partialsOf(file, text).length) return undefined;
      edits.push({ index: pages.findIndex((p) => p.file === file), source, text });
    }
    const before = edits.map(({ index }) => pages[index]);
    const changedPages = edits.map(({ index, source, text }) => (pages[index] = renderSource(source, text)));
    for (const page of changedPages) model.byRoute.set(page.route, page);
    await highlighter.flush();
    for (const page of changedPages) page.html = highlighter.resolve(page.html);
    const result = assemble();
    Object.assign(model, {
      sidebars: result.sidebars,
      redirects: result.redirects,
      warnings: result.warnings,
      problems: result.problems,
    });

    // Who shows what changed: a title is shown by the sidebar (and prev/next) of every page in that sidebar, and
    // with the headings and description on overview pages.
    const hrefs = new Set(changedPages.map((p) => p.href));
    const retitled = changedPages.filter((page, i) => page.data.title !== before[i].data.title);
    const restated = changedPages.filter(
      (page, i) =>
        page.data.title !== before[i].data.title ||
        page.description !== before[i].description ||
        JSON.stringify(page.data.toc) !== JSON.stringify(before[i].data.toc),
    );
    if (retitled.length || restated.length) {
      const routesOf = new Map<ResolvedSidebar, Set<string>>();
      const inSidebar = (page: SitePage, route: string) => {
        if (!page.sidebar) return false;
        let routes = routesOf.get(page.sidebar);
        if (!routes)
          routesOf.set(page.sidebar, (routes = new Set(flattenSidebar(page.sidebar.items).map((l) => l.route))));
        return routes.has(route);
      };
      for (const page of pages) {
        if (retitled.some((r) => inSidebar(page, r.route))) hrefs.add(page.href);
        if (
          page.data.frontmatter.overview &&
          restated.some((r) => r.data.lang === page.data.lang && inSidebar(page, r.route))
        )
          hrefs.add(page.href);
      }
    }
    if (result.problems.length && !options.keepGoing) throw new BuildError(result.problems);
    return { changed: changedPages, hrefs: [...hrefs] };
  }

  function rebuildSearchIndex(): void {
    model.searchIndex = buildSearchIndex(site, pages, (page) => highlighter.plain(page.html), options.cacheDir);
  }

  return { staged, update, rebuildSearchIndex };
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

/** One 404 page per language and version; static hosts serve `404.html` for unknown paths. */
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
