// The dev server's engine (`npm start`), a child process of scripts/dev.ts: builds the site model in memory with
// the same code as `npm run build` (lib/site.ts, layouts/render.tsx, lib/outputs), renders each page when it is
// asked for (and keeps it until something it shows changes), watches the content and brings the model up to date
// on every edit. It is started afresh when code or config changes (a new process loads every module anew), so
// a syntax error there is a failed start that the server reports, never a dead server.
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPES } from '../lib/content-types.ts';
import { isInside, realPathOutside } from '../lib/contained.ts';
import { readAssets } from '../lib/assets.ts';
import { buildOptionsFromEnv } from '../lib/build-options.ts';
import { loadSiteConfig } from '../lib/config.ts';
import { BuildError } from '../lib/errors.ts';
import { buildInlineScripts } from '../lib/inline-scripts.ts';
import type { PageAssets, ResolvedSite, SiteModel, SitePage } from '../lib/model.ts';
import { sideOutputs } from '../lib/outputs/index.ts';
import { openSite, type SiteSession } from '../lib/site.ts';
import { stripBase } from '../common/routes.ts';
import { renderPage } from '../layouts/render.tsx';
import type { DevAssets, DevState, EngineMessage, EngineRequest } from './dev-protocol.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS_DIR = path.join(ROOT, '.build', 'assets');

const typeOf = (file: string) => CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

const send = (message: EngineMessage): void => void process.send?.(message);

const options = buildOptionsFromEnv();
let site: ResolvedSite | undefined;
let model: SiteModel | undefined;
let inline: PageAssets['inline'] | undefined;
let assets: Omit<PageAssets, 'inline'> = { css: [], preload: [], shadowStyles: {} };
let state: DevState = { problems: [], warnings: [] };
/** Output path (`guide/a.html`, `guide/a.md`, `llms.txt`) → the page, or the text of a side output. */
let outputs = new Map<string, SitePage | string>();
/** Rendered HTML per page, until the page or the assets change. */
const rendered = new Map<SitePage, string>();

function stateOf(error: unknown): DevState {
  if (error instanceof BuildError) return { problems: error.problems, warnings: [] };
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { problems: [], error: text, warnings: [] };
}

/** Co-located files (images) by their path in the site. */
let copied = new Map<string, string>();

function index(next: SiteModel): void {
  const map = new Map<string, SitePage | string>();
  copied = new Map([...next.files].map(([source, target]) => [target, source]));
  // Keys as requests name them: relative to the output folder (a page's Markdown copy is named by its route, `/a.md`).
  for (const [file, text] of sideOutputs(next)) map.set(file.replace(/^\/+/, ''), text);
  for (const page of next.pages) map.set(page.outputFile, page);
  outputs = map;
}

let session: SiteSession | undefined;
/** The side outputs (Markdown copies, llms.txt, search index…) are made again when next asked for. */
let sideStale = false;

/** Builds the whole model (the config is loaded once per engine: an edit to it starts a new engine). */
async function build(): Promise<void> {
  site ??= await loadSiteConfig(options.configFile, options.overrides);
  inline ??= await buildInlineScripts();
  const opened = await openSite(options, site);
  const staged = opened.staged;
  await staged.finished;
  for (const page of staged.model.pages) page.html = staged.fillCode(page.html);
  session = opened;
  model = staged.model;
  index(model);
  rendered.clear();
  state = { problems: [], warnings: model.warnings };
}

function sideOutput(rel: string): string | undefined {
  if (sideStale && model) {
    sideStale = false;
    for (const [file, text] of sideOutputs(model)) outputs.set(file.replace(/^\/+/, ''), text);
  }
  const output = outputs.get(rel);
  return typeof output === 'string' ? output : undefined;
}

function devAssets(): DevAssets {
  return {
    css: assets.css.map(({ sheet, href }) => ({ sheet, href })),
    script: assets.script,
    preload: assets.preload,
  };
}

function readCurrentAssets(): void {
  if (site) assets = readAssets(ASSETS_DIR, site.config.base);
}

function html(page: SitePage): string {
  let out = rendered.get(page);
  if (out === undefined) {
    out = renderPage(page, model!, { ...assets, inline: inline! });
    rendered.set(page, out);
  }
  return out;
}

function candidates(inside: string): string[] {
  if (inside.endsWith('/')) return [`${inside}index.html`];
  return [inside, `${inside}.html`, `${inside}/index.html`];
}

/**
 * A file the server may send from `dir`: none whose path has a hidden segment (`.env`, `.vite/manifest.json`: the
 * build does not publish them either), and none that a symlink takes out of `dir` (its real path is checked).
 */
function fileIn(dir: string, rel: string): string | undefined {
  if (rel.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = path.join(dir, rel);
  if (!isInside(dir, file)) return undefined;
  try {
    if (realPathOutside(dir, file) !== undefined) return undefined;
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function respond(id: number, pathname: string): void {
  if (!model || !site) {
    send({
      kind: 'response',
      id,
      status: 503,
      type: 'text/plain; charset=utf-8',
      body: 'the site did not build',
      unavailable: true,
    });
    return;
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Looked up as it is.
  }
  const inside = stripBase(site.config.base, decoded);
  if (inside !== null && !inside.includes('\0')) {
    for (const candidate of candidates(path.posix.normalize(inside))) {
      const rel = candidate.replace(/^\/+/, '');
      const output = outputs.get(rel);
      if (output && typeof output !== 'string')
        return send({ kind: 'response', id, status: 200, type: CONTENT_TYPES['.html'], body: html(output) });
      const text = sideOutput(rel);
      if (text !== undefined) return send({ kind: 'response', id, status: 200, type: typeOf(rel), body: text });
      const file =
        copied.get(rel) ??
        (rel.startsWith('assets/') ? fileIn(ASSETS_DIR, rel.slice('assets/'.length)) : undefined) ??
        fileIn(site.publicDir, rel);
      if (file) return send({ kind: 'response', id, status: 200, type: typeOf(file), body: fs.readFileSync(file) });
    }
  }
  // The language's 404 page, as a static host serves 404.html.
  const notFound = model.pages.filter((p) => p.data.pageType === '404');
  const page =
    notFound.find((p) => p.route !== '/404' && inside?.startsWith(p.route.slice(0, -'404'.length))) ??
    notFound.find((p) => p.route === '/404') ??
    notFound[0];
  send({ kind: 'response', id, status: 404, type: CONTENT_TYPES['.html'], body: page ? html(page) : 'not found' });
}

// ---- Content edits ----

let pending = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | undefined;

/** Content files that change only pages (not _meta.json, images, partials): tried incrementally first. */
async function update(): Promise<void> {
  // A path that is gone counts only if pages were in it (an editor's short-lived temp file does not).
  const files = [...pending].filter(
    (f) =>
      CONTENT_FILE.test(f) ||
      (fs.existsSync(f)
        ? fs.statSync(f).isDirectory()
        : Boolean(model?.pages.some((p) => p.file.startsWith(f + path.sep)))),
  );
  pending = new Set();
  if (!files.length) return;
  const started = performance.now();
  try {
    const incremental =
      session && model ? await session.update(files.filter((f) => /\.mdx?$/.test(f))).catch(keepModel) : undefined;
    if (incremental && files.every((f) => /\.mdx?$/.test(f))) {
      for (const page of incremental.changed) outputs.set(page.outputFile, page);
      const hrefs = new Set(incremental.hrefs);
      for (const page of model!.pages) if (hrefs.has(page.href)) rendered.delete(page);
      // The edited pages are rendered now, so the open page's request finds them ready.
      for (const page of incremental.changed) html(page);
      sideStale = true;
      state = { problems: [], warnings: model!.warnings };
      send({ kind: 'updated', hrefs: [...hrefs], state, ms: performance.now() - started, files });
      scheduleSearchIndex();
      return;
    }
    await build();
    send({ kind: 'updated', hrefs: '*', state, ms: performance.now() - started, files });
  } catch (error) {
    state = stateOf(error);
    send({ kind: 'state', state });
  }
}

/** An update that found problems: the model has the edit; the pages show it under the error overlay. */
function keepModel(error: unknown): never {
  if (error instanceof BuildError) {
    rendered.clear();
    for (const page of model?.pages ?? []) outputs.set(page.outputFile, page);
    sideStale = true;
  }
  throw error;
}

/**
 * The search index follows the edits a moment later, off the path from save to page: it is made from every
 * page's text. When its file names change, every page's site data names the new ones.
 */
let searchTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleSearchIndex(): void {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    if (!session || !model || running) return scheduleSearchIndex();
    const before = JSON.stringify(model.searchIndex.urls);
    session.rebuildSearchIndex();
    sideStale = true;
    if (JSON.stringify(model.searchIndex.urls) !== before) {
      rendered.clear();
      send({ kind: 'updated', hrefs: '*', state, ms: 0, files: [] });
    }
  }, 1000);
}

function schedule(file: string): void {
  pending.add(file);
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (running) return;
    running = update().finally(() => {
      running = undefined;
      if (pending.size) schedule([...pending][0]);
    });
  }, 10);
}

const CONTENT_FILE = /\.(?:mdx?|json|png|jpe?g|gif|svg|webp|avif)$/i;

function watchContent(contentRoot: string): void {
  if (!fs.existsSync(contentRoot)) return;
  fs.watch(contentRoot, { recursive: true }, (_event, filename) => {
    // Pages, _meta.json, redirect maps, images and folders; not an editor's swap and backup files.
    const name = filename?.toString();
    if (!name || /(^|\/)\.|~$/.test(name)) return;
    const file = path.join(contentRoot, name);
    // A folder added or removed (pages with it) counts too.
    if (CONTENT_FILE.test(name) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) schedule(file);
  });
}

process.on('message', (request: EngineRequest) => {
  if (request.kind === 'get') {
    try {
      respond(request.id, request.path);
    } catch (error) {
      send({
        kind: 'response',
        id: request.id,
        status: 500,
        type: 'text/plain; charset=utf-8',
        body: String((error as Error).stack ?? error),
      });
    }
  } else if (request.kind === 'assets') {
    readCurrentAssets();
    rendered.clear();
    send({ kind: 'assets', assets: devAssets() });
  }
});
// The server ends the engine by closing the channel.
process.on('disconnect', () => process.exit(0));

const started = performance.now();
try {
  await build();
} catch (error) {
  state = stateOf(error);
}
readCurrentAssets();
if (site) watchContent(site.contentRoot);
send({
  kind: 'ready',
  state,
  base: site?.config.base ?? '/',
  contentRoot: site?.contentRoot,
  ms: performance.now() - started,
});
// Tell the server the assets this engine renders with, so it can tell a CSS-only change from a script change.
send({ kind: 'assets', assets: devAssets() });
