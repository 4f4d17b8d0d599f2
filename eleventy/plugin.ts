// The site as an Eleventy plugin, for `npm run build` (scripts/build.ts) and `npm start` (eleventy.config.ts):
// the content folder is Eleventy's input; each Markdown page is a template whose front matter enters the data
// cascade and whose body Eleventy renders through our markdown-it (lib/site.ts `SiteBuild`); one layout, a
// JavaScript template, wraps every page in the React layouts (layouts/render.tsx); a paginated template makes the
// 404 pages; the files beside the pages (Markdown copies, llms, sitemap, search index, redirects) are written
// with the model, before the pages (the dev server's, in `eleventy.after`).
import fs from 'node:fs';
import path from 'node:path';
import { copyAssets, readAssets, withInlineStyles, withShadowStyleText } from '../lib/assets.ts';
import { CSP_EXAMPLE_FILE, headersExample, metaPolicy, pagesPolicy } from '../lib/csp.ts';
import { BuildError, formatWarnings } from '../lib/errors.ts';
import { frontMatterData } from '../lib/frontmatter.ts';
import { buildInlineScripts } from '../lib/inline-scripts.ts';
import type { PageAssets, ResolvedSite, SiteModel } from '../lib/model.ts';
import { sideOutputFiles, writeSideOutputs } from '../lib/outputs/index.ts';
import { indexUrls, setDigest, setFiles } from '../lib/search/index-files.ts';
import { REDIRECT_SCRIPT } from '../lib/redirects.ts';
import { notFoundRoutes, SiteBuild, type BuildSiteOptions } from '../lib/site.ts';
import { renderPage } from '../layouts/render.tsx';
import { DEV_ASSETS_DIR, DEV_CHECK_FILE, DEV_STATUS_FILE, reportStatus, writeDevCheck } from './dev-status.ts';
import { markdownPathOfRoute, outputFileOfRoute } from '../common/routes.ts';

/** The part of Eleventy's config API the site uses (Eleventy ships no types). */
export interface EleventyConfig {
  ignores: { add(glob: string): void };
  addExtension(ext: string, options: { key: string }): void;
  addGlobalData(name: string, value: unknown): void;
  addPassthroughCopy(paths: Record<string, string>): void;
  addPreprocessor(name: string, exts: string, fn: (data: EleventyData) => unknown): void;
  addTemplate(path: string, content: unknown, data?: unknown): void;
  addTransform(name: string, fn: (content: unknown) => unknown): void;
  addWatchTarget(target: string, options?: { resetConfig?: boolean }): void;
  on(event: 'eleventy.beforeWatch', fn: (queue: string[]) => unknown): void;
  on(
    event: 'eleventy.before' | 'eleventy.after',
    fn: (arg: { directories: { output: string }; runMode: string; incremental: boolean }) => unknown,
  ): void;
  setChokidarConfig(options: Record<string, unknown>): void;
  setFrontMatterParsingOptions(options: Record<string, unknown>): void;
  setInputDirectory(dir: string): void;
  setLibrary(name: string, lib: { render(body: string, data: EleventyData): string }): void;
  setServerOptions(options: Record<string, unknown>): void;
  setQuietMode(quiet: boolean): void;
  setServerPassthroughCopyBehavior(behavior: 'copy' | 'passthrough'): void;
  setTemplateFormats(formats: string[]): void;
  setUseTemplateCache(use: boolean): void;
  setWatchThrottleWaitTime(ms: number): void;
}

/** What Eleventy hands a template: its page and the data cascade (front matter included). */
export interface EleventyData {
  page: { inputPath: string; outputPath?: string | false };
  content?: string;
  docs404?: { route: string };
}

export interface DocsPluginOptions {
  /** The site config, loaded: its content folder is Eleventy's input. */
  site: ResolvedSite;
  build: BuildSiteOptions;
  /** Resolves when Vite has written the assets (it may still run while the pages render). */
  assetsReady?: Promise<unknown>;
  /**
   * For Eleventy's dev server: pages link their stylesheets rather than carry them inline (it swaps a linked sheet
   * on edit), the assets are served from Vite's folder as it rewrites them, and problems don't stop the build:
   * each page shows them in an overlay.
   */
  dev?: boolean;
  /** Only the model is wanted (tests, the migration check): the layouts render nothing. */
  modelOnly?: boolean;
  /** Receives each build's model and its build (tests, the migration check). */
  onModel?: (model: SiteModel, build: SiteBuild) => void;
}

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ASSETS_DIR = path.join(ROOT, '.build', 'assets');
const LAYOUT = 'docs-page.11ty.js';

/** What the plugin tells the dev server: whether a file is a page of the last build (not a partial). */
export interface DocsPlugin {
  isPage(file: string): boolean;
}

export function docsPlugin(config: EleventyConfig, options: DocsPluginOptions): DocsPlugin {
  const { site } = options;
  const relative = (dir: string) => path.relative(process.cwd(), dir) || '.';
  let build: SiteBuild | undefined;
  const assetsDir = options.dev ? DEV_ASSETS_DIR : ASSETS_DIR;
  let assets: Promise<PageAssets> | undefined;
  /**
   * What the dev server's last full build wrote (its pages and side outputs, relative to the output folder): a
   * full build removes those it no longer writes (a deleted page, a public file gone). None before the first.
   */
  let written: Set<string> | undefined;
  /** The search index the dev server last wrote. */
  let writtenIndex: SiteModel['searchIndex'] | undefined;
  /** Whether this build renders only the saved page (the dev server's incremental builds). */
  let incremental = false;
  // The inline scripts are made once per configuration (they change with the code, which reloads it).
  let inline: Promise<PageAssets['inline']> | undefined;

  config.setInputDirectory(relative(site.contentRoot));
  config.setTemplateFormats(['md', 'mdx', '11ty.js']);
  config.addExtension('mdx', { key: 'md' });
  // content/public is published as it is, by the side outputs (lib/public-files.ts says what of it); Markdown there is
  // no page (the docs-pages preprocessor below). The dev server watches the whole folder, images and public files
  // included (an added or deleted one builds the site: eleventy/dev-session.ts).
  if (options.dev) config.addWatchTarget(relative(site.contentRoot));
  config.setFrontMatterParsingOptions({ engines: { yaml: frontMatterData } });
  // Markdown is Markdown: no Liquid pass over it (a `{{` in a code sample is text).
  config.addGlobalData('templateEngineOverride', 'md');
  // The model gives sidebars, prev/next and overviews; no template reads Eleventy's collections, so no page is in
  // them (Eleventy then skips filling them: it looks up each item's template in a list, quadratic in the pages).
  config.addGlobalData('eleventyExcludeFromCollections', true);
  config.setLibrary('md', { render: (body, data) => build!.renderMarkdown(body, data.page.inputPath) });
  // Markdown that is not a page (an MDX partial, a file outside the language folders, a hidden one) is skipped.
  config.addPreprocessor('docs-pages', 'md,mdx', (data) => (build!.isPage(data.page.inputPath) ? undefined : false));
  config.addGlobalData(
    'permalink',
    () => (data: EleventyData) =>
      build?.isPage(data.page.inputPath) ? build.outputFileOf(data.page.inputPath) : false,
  );
  config.addGlobalData('layout', LAYOUT);
  if (options.dev) {
    // The dev server serves Vite's folder as it is (a passthrough copy it emulates: nothing is copied), the error
    // overlay's stylesheet and the pages' check included (eleventy/dev-status.ts), which every page links.
    config.setServerPassthroughCopyBehavior('passthrough');
    config.addPassthroughCopy({ [relative(assetsDir)]: 'assets' });
    writeDevCheck(assetsDir);
  }

  config.on('eleventy.before', async ({ directories, incremental: some }) => {
    output = directories.output;
    ready = undefined;
    incremental = !!(options.dev && build && some);
    if (options.dev && build) {
      // The dev server's builds after the first render only the pages whose files changed (--incremental): the
      // others are kept from the builds before.
      build.refresh();
    } else if (options.dev) {
      // Problems don't stop the dev server's builds: they show over the pages (eleventy/dev-status.ts).
      build = new SiteBuild(site, { ...options.build, keepGoing: true, keepSearchIndex: true, keepRenders: true });
      build.onModel = devSearchNames;
    } else {
      build = new SiteBuild(site, options.build);
    }
    inline ??= buildInlineScripts();
    assets = pageAssets(options, assetsDir, inline);
  });

  /**
   * The model, once every page's content is rendered (asked for by the first layout; a build with problems fails
   * there, listing them all, once), and, in a build that writes, the files beside the pages, written as soon as
   * they are known (before the pages, which link them by their hashed names); their texts, and the pages' bodies
   * the search index was made from, are let go then: the layouts render each body from Eleventy's `content`.
   */
  const modelReady = (): Promise<SiteModel> =>
    (ready ??= (async () => {
      let model: SiteModel;
      try {
        model = build!.model();
      } catch (error) {
        throw reported(error);
      }
      options.onModel?.(model, build!);
      if (!options.dev && !options.modelOnly) {
        await writeSideOutputs(model, output!);
        releaseTexts(model);
      }
      return model;
    })());
  /** This build's model (modelReady), and the folder it writes into. */
  let ready: Promise<SiteModel> | undefined;
  let output: string | undefined;

  /**
   * A page in the React layouts, its body Eleventy's `content` (a 404 page's is the model's), its code highlighted.
   * A built page is handed to Eleventy as UTF-8 bytes: Eleventy starts every page's layout before it writes any
   * and keeps every output until the build ends, and as strings (two bytes a character once a page has one
   * character past Latin-1, as every page's language menu does) content ×100 ran out of heap.
   */
  const render = async (route: string, content: string | undefined): Promise<string | Buffer> => {
    const model = await modelReady();
    if (options.modelOnly) return '';
    const [pageAssets] = await Promise.all([assets!, build!.finished()]);
    const stored = model.byRoute.get(route)!;
    const page = { ...stored, html: build!.fillCode(content ?? stored.html) };
    try {
      return Buffer.from(renderPage(page, model, pageAssets));
    } catch (error) {
      if (!options.dev || !model.problems.length) throw error;
      // A page its problems keep from rendering: the overlay says what they are.
      const { build: stamp, stylesheet, script } = pageAssets.dev!;
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error</title><meta name="docs-dev-build" content="${stamp}"><link rel="stylesheet" href="${stylesheet}"></head><body><script type="module" src="${script}"></script></body></html>`;
    }
  };

  config.addTemplate(`_includes/${LAYOUT}`, {
    render: (data: EleventyData) =>
      data.docs404
        ? render(data.docs404.route, undefined)
        : render(build!.routeOfFile(data.page.inputPath), data.content),
  });

  // One 404 page per language and version; static hosts serve `404.html` for unknown paths.
  config.addTemplate(
    'docs-404.11ty.js',
    {
      data: {
        templateEngineOverride: '11ty.js',
        pagination: { data: 'docs404s', size: 1, alias: 'docs404' },
        permalink: (data: EleventyData) => outputFileOfRoute(data.docs404!.route),
      },
      // Rendered by the layout, like every page, once the model exists.
      render: () => '',
    },
    {},
  );
  config.addGlobalData('docs404s', () => notFoundRoutes(site).map((route) => ({ route })));

  config.on('eleventy.after', async ({ directories }) => {
    if (!build || options.modelOnly) return;
    const model = await modelReady();

    if (model.warnings.length) console.warn(`\n${formatWarnings(model.warnings)}\n`);
    if (options.dev) {
      const problems = model.problems.length ? new BuildError(model.problems).message : '';
      if (problems) console.error(`\n${problems}\n`);
      reportStatus(assetsDir, 'docs', problems);
    }
    if (options.dev && incremental) {
      // An incremental build renders only the edited page: only its Markdown copy changes, and an image it now shows
      // (llms.txt, the sitemap and the search index are the last full build's).
      const edited = new Set(build.renderedNow().map((page) => markdownPathOfRoute(page.route)));
      await writeSideOutputs(model, directories.output, { only: (file) => edited.has(file), live: true });
      // So that the next full build removes such an image once no page shows it.
      for (const target of model.files.values()) written?.add(target);
      return;
    }
    // The dev server's full builds write them all here, and remove what the site no longer has; a build of the
    // site wrote them with its model (modelReady).
    if (options.dev) {
      const now = new Set([...model.pages.map((page) => outputFileOfRoute(page.route)), ...sideOutputFiles(model)]);
      for (const file of written ?? [])
        if (!now.has(file)) fs.rmSync(path.join(directories.output, file), { force: true });
      written = now;
      // The search index is the first build's (keepSearchIndex): once written, its files stay as they are.
      const index = new Set(model.searchIndex === writtenIndex ? indexFiles(model) : []);
      writtenIndex = model.searchIndex;
      return writeSideOutputs(model, directories.output, { live: true, unchanged: (file) => index.has(file) });
    }
    const redirects = model.redirects.length ? [REDIRECT_SCRIPT] : [];
    await fs.promises.writeFile(
      path.join(directories.output, CSP_EXAMPLE_FILE),
      headersExample(site.config.base, pagesPolicy(await assets!, redirects)),
    );
    // Copied here, not as a passthrough: Vite may still be writing them while Eleventy starts.
    await options.assetsReady;
    copyAssets(ASSETS_DIR, path.join(directories.output, 'assets'));
  });

  return { isPage: (file) => build?.isPage(file) ?? false };
}

/**
 * The dev server's search index under names without the content hash (`search/en.dev/index.json`): every page
 * names the index in its site data, and a content edit that changed that name would make the dev server reload
 * the page rather than patch it in place. Its responses are not cached (eleventy.config.ts).
 */
function devSearchNames(model: SiteModel): void {
  for (const set of model.searchIndex.sets) {
    const digest = setDigest(set);
    if (!digest) continue;
    for (const file of setFiles(set)) {
      file.file = file.file.replace(`.${digest}`, '.dev');
      file.url = file.url.replace(`.${digest}`, '.dev');
    }
  }
  model.searchIndex.urls = indexUrls(model.searchIndex.sets);
}

/** The search index's files, by their paths in the output folder. */
const indexFiles = (model: SiteModel): string[] =>
  model.searchIndex.sets.flatMap((set) => setFiles(set).map((file) => file.file));

/**
 * Lets go of the texts a build has written (the pages' Markdown, the search index files) and of the pages' bodies
 * (the layouts have Eleventy's): at content ×100 they were a gigabyte held until the build's end.
 */
function releaseTexts(model: SiteModel): void {
  for (const page of model.pages) {
    if (page.data.pageType === '404') continue;
    page.html = '';
    page.markdown = '';
  }
  for (const set of model.searchIndex.sets) for (const file of setFiles(set)) file.json = '';
}

/** The stylesheets, scripts and inline scripts the pages reference, once Vite has written them. */
async function pageAssets(
  options: DocsPluginOptions,
  assetsDir: string,
  inline: Promise<PageAssets['inline']>,
): Promise<PageAssets> {
  await options.assetsReady;
  const base = options.site.config.base;
  const read = readAssets(assetsDir, base);
  // Built pages carry the stylesheets inline: a first visit paints from the page's own response.
  const page = {
    ...read,
    css: options.dev ? read.css : withInlineStyles(read.css, assetsDir, base),
    shadowStyles: withShadowStyleText(read.shadowStyles, assetsDir, base),
    inline: await inline,
  };
  // The dev server's: each build names itself (a time: unique across the code reloads, which make a new plugin).
  if (options.dev)
    return {
      ...page,
      dev: {
        build: Date.now().toString(36),
        stylesheet: `${base}assets/${DEV_STATUS_FILE}`,
        script: `${base}assets/${DEV_CHECK_FILE}`,
      },
    };
  // And the policy's script part, in a <meta> (not the dev server's pages: its sheets are linked and change).
  const { boot, notFound } = page.inline;
  return { ...page, csp: { page: metaPolicy([boot]), notFound: metaPolicy([boot, notFound]) } };
}

/** What a build that failed on the docs' problems throws once it has printed them: nothing more to say. */
export class ProblemsReported extends Error {
  // Eleventy prints no stack for it (its error handler's documented flag).
  readonly skipOriginalStack = true;
}

/** A build's problems, printed once and plainly (file:line, what, the fix). */
function reported(error: unknown): unknown {
  if (!(error instanceof BuildError)) return error;
  if (error.warnings.length) console.warn(`\n${formatWarnings(error.warnings)}`);
  console.error(`\n${error.message}\n`);
  return new ProblemsReported(`the docs have ${error.problems.length} problem(s), listed above`);
}
