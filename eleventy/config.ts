// The one Eleventy configuration, for `npm start` (through .eleventy.js) and `npm run build` (scripts/build.ts):
// the site model is built once per build (lib/site.ts), the layouts render it (layouts/render.tsx), and Eleventy
// paginates one virtual template over the pages, writes them, and serves and watches in dev.
import fs from 'node:fs';
import path from 'node:path';
import { copyAssets, readAssets, withInlineStyles, withShadowStyleText } from '../lib/assets.ts';
import { buildOptionsFromEnv } from '../lib/build-options.ts';
import { BuildError, formatWarnings } from '../lib/errors.ts';
import { buildInlineScripts } from '../lib/inline-scripts.ts';
import { contentSecurityPolicy, CSP_EXAMPLE_FILE, headersExample } from '../lib/csp.ts';
import type { PageAssets, ResolvedSite, SiteModel } from '../lib/model.ts';
import { writeSideOutputs } from '../lib/outputs/index.ts';
import { REDIRECT_SCRIPT } from '../lib/redirects.ts';
import { startSite, type StagedSite } from '../lib/site.ts';
import { renderPage } from '../layouts/render.tsx';

/** Minimal shape of Eleventy's config API that we use (Eleventy ships no types). */
export interface EleventyConfig {
  addGlobalData(name: string, value: () => unknown): void;
  addTemplate(path: string, content: unknown, data?: unknown): void;
  addTransform(name: string, fn: (this: { outputPath: string }, content: unknown, outputPath: string) => unknown): void;
  addWatchTarget(target: string, options?: { resetConfig?: boolean }): void;
  setServerOptions(options: Record<string, unknown>): void;
  setInputDirectory(dir: string): void;
  setTemplateFormats(formats: string[]): void;
  setWatchThrottleWaitTime(ms: number): void;
  on(event: string, fn: (arg: { directories: { output: string } }) => unknown): void;
}

export interface SiteBuildOptions {
  /** The config the build already loaded (see scripts/build.ts): used by the first build only. */
  site?: ResolvedSite;
  /** Resolves when Vite has written the assets (it may still run while the pages build). */
  assetsReady?: Promise<unknown>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
export const INPUT_DIR = path.join(ROOT, 'eleventy');

interface PageEntry {
  index: number;
  outputFile: string;
}

/** Yields to the event loop: lets a message from the highlighting thread in. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** What a page's template renders in Eleventy's content pass: its number. The page itself is made at write time. */
const PAGE_MARKER = /^<!--docs-page:(\d+)-->$/;

export default function eleventyConfig(config: EleventyConfig, options: SiteBuildOptions = {}) {
  const assetsDir = path.join(ROOT, '.build', 'assets');
  let preloaded = options.site;
  let model: SiteModel | undefined;
  /** The inline scripts of the pages, for the Content-Security-Policy's hashes. */
  let inlineScripts: PageAssets['inline'] | undefined;
  let staged: StagedSite | undefined;
  let assets: PageAssets | undefined;
  /** Pages rendered ahead (code placeholders unfilled), by index; the rest render when Eleventy asks. */
  let ahead: (string | undefined)[] = [];
  let outputDir: string | undefined;
  // The files beside the pages, being written while the pages render.
  let sideOutputs: Promise<void> | undefined;
  config.on('eleventy.before', ({ directories }) => {
    sideOutputs = undefined;
    outputDir = directories.output;
  });

  // Eleventy copies and proxies global data for every paginated page, so the model stays here and Eleventy
  // only paginates light entries (an index and an output path).
  config.addGlobalData('docsPages', async () => {
    try {
      const inline = buildInlineScripts();
      staged = await startSite(buildOptionsFromEnv(), preloaded);
      // Later builds (the dev server's) load the config afresh: it may have been edited.
      preloaded = undefined;
      const site = (model = staged.model);
      if (site.warnings.length) console.warn(`\n${formatWarnings(site.warnings)}\n`);
      if (outputDir) {
        sideOutputs = writeSideOutputs(site, outputDir);
        // Awaited in eleventy.after; this only keeps an early failure from being reported as unhandled.
        sideOutputs.catch(() => {});
      }
      await options.assetsReady;
      inlineScripts = await inline;
      const read = readAssets(assetsDir, site.site.config.base);
      // Built pages carry the stylesheets inline: a first visit paints from the page's own response.
      assets = {
        ...read,
        css: withInlineStyles(read.css, assetsDir, site.site.config.base),
        shadowStyles: withShadowStyleText(read.shadowStyles, assetsDir, site.site.config.base),
        inline: inlineScripts,
      };
      // While the code is still highlighting in its thread (a cold build: it usually ends last) the pages
      // render here, time that would otherwise be idle. Once it is done the rest render one at a time as
      // Eleventy asks for them: a large site never holds all its pages at once in two forms.
      let highlighted = false;
      void staged.finished.then(
        () => (highlighted = true),
        () => (highlighted = true),
      );
      await turn();
      ahead = [];
      for (let i = 0; i < site.pages.length && !highlighted; i++) {
        ahead[i] = renderPage(site.pages[i], site, assets);
        if (i % 8 === 7) await turn();
      }
      await staged.finished;
      return site.pages.map((page, index) => ({ index, outputFile: page.outputFile }));
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      // Print the problems once, plainly; Eleventy then reports only the one-line summary.
      if (error.warnings.length) console.warn(`\n${formatWarnings(error.warnings)}`);
      console.error(`\n${error.message}\n`);
      // skipOriginalStack: Eleventy leaves out a stack trace that would only bury the list.
      throw Object.assign(new Error(`the docs have ${error.problems.length} problem(s), listed above`), {
        skipOriginalStack: true,
      });
    }
  });

  config.addTemplate(
    'pages.11ty.js',
    {
      data: {
        pagination: { data: 'docsPages', size: 1, alias: 'entry' },
        permalink: (data: { entry: PageEntry }) => data.entry.outputFile,
        eleventyExcludeFromCollections: true,
      },
      // Eleventy renders every page's content before it writes any, and keeps it: the content is only the
      // page's number, and the page is made when Eleventy writes it (the transform below).
      render(data: { entry: PageEntry }) {
        return `<!--docs-page:${data.entry.index}-->`;
      },
    },
    {},
  );

  // Eleventy runs the transforms of one page right before writing it, one page after another. Eleventy keeps
  // every page's output until the build ends (for its results): as UTF-8 bytes, outside the JavaScript heap,
  // that is about half what the strings take.
  config.addTransform('docs-page', function (this: { outputPath: string }, content: unknown) {
    const index = typeof content === 'string' ? PAGE_MARKER.exec(content)?.[1] : undefined;
    if (index === undefined) return content;
    const html = ahead[Number(index)] ?? renderPage(model!.pages[Number(index)], model!, assets!);
    ahead[Number(index)] = undefined;
    const bytes = Buffer.from(staged!.fillCode(html));
    return bytes;
  });

  config.on('eleventy.after', async ({ directories }) => {
    if (model) await (sideOutputs ?? writeSideOutputs(model, directories.output));
    if (model && inlineScripts) {
      const scripts = [
        inlineScripts.boot,
        inlineScripts.notFound,
        ...(model.redirects.length ? [REDIRECT_SCRIPT] : []),
      ];
      const styles = [...(assets?.css ?? []), ...Object.values(assets?.shadowStyles ?? {})].flatMap((style) =>
        style.text !== undefined ? [style.text] : [],
      );
      await fs.promises.writeFile(
        path.join(directories.output, CSP_EXAMPLE_FILE),
        headersExample(model.site.config.base, contentSecurityPolicy(scripts, styles)),
      );
    }
    // Copied here, not as an Eleventy passthrough: Vite may still be writing them while Eleventy starts.
    await options.assetsReady;
    copyAssets(assetsDir, path.join(directories.output, 'assets'));
  });

  for (const target of ['common/', 'lib/', 'layouts/', 'eleventy/', 'site.config.ts']) {
    config.addWatchTarget(path.join(ROOT, target), { resetConfig: true });
  }
  config.addWatchTarget(path.join(ROOT, 'content/'));
  config.addWatchTarget(path.join(assetsDir, '.vite/manifest.json'));
  config.setWatchThrottleWaitTime(50);
  config.setServerOptions({ port: Number(process.env.PORT ?? 8080), showVersion: false });

  // The input folder holds no templates (the one template above is virtual). Set through the API: Eleventy
  // ignores the return value of a config callback passed to its constructor. No output folder here: it would
  // override `scripts/build.ts --output`.
  config.setInputDirectory(path.relative(process.cwd(), INPUT_DIR) || '.');
  config.setTemplateFormats(['11ty.js']);
}
