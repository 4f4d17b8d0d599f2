// Eleventy's configuration file: `npm start` runs Eleventy's dev server with it (scripts/dev.ts). The site's plugin (eleventy/plugin.ts)
// is loaded through tsx afresh each time Eleventy loads this file (after an edit of the code or the site config),
// so the dev server picks up TypeScript edits. Beside it, Vite rebuilds the widgets and stylesheets on edit
// (eleventy/dev-assets.ts); the dev server's guard answers only requests for this machine (eleventy/dev-guard.ts);
// errors show over the open pages (eleventy/dev-status.ts). `npm run build` uses the plugin directly
// (scripts/build.ts, eleventy/build.ts).
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Server } from 'node:http';
import { devGuard, guardServer } from './eleventy/dev-guard.ts';
import { buildEnded, chooseBuild, codeReloaded, watchRunEnded } from './eleventy/dev-session.ts';
import { DEV_ASSETS_DIR, relativeTo, reportStatus } from './eleventy/dev-status.ts';
import type { EleventyConfig } from './eleventy/plugin.ts';

const ROOT = import.meta.dirname;
/**
 * The guard (the pages' middleware, and the server's requests and WebSocket once it listens), made once per process: Eleventy
 * restarts its dev server (dropping the pages' live-reload connections) when the server options differ after a
 * config reload, and new functions would differ.
 */
const GUARD = Symbol.for('docs.devGuard');
type Guard = { middleware: ReturnType<typeof devGuard>; ready(dev: { server: Server }): void };
const slot = globalThis as { [GUARD]?: Guard };
/** Code whose edit reloads this configuration (and so the site's plugin and the site config). */
const CODE = ['common/', 'lib/', 'layouts/', 'eleventy/', 'site.config.ts'];

export default async function eleventyConfig(config: EleventyConfig): Promise<void> {
  // React's development build renders several times slower and only adds warnings.
  process.env.NODE_ENV ??= 'production';
  const serving = process.env.ELEVENTY_RUN_MODE === 'serve';
  for (const target of CODE) config.addWatchTarget(path.join(ROOT, target), { resetConfig: true });
  config.setWatchThrottleWaitTime(20);
  // A save is taken once the file has stood still 40 ms (Eleventy waits 150 by default: a third of the budget
  // from save to page).
  config.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 } });
  config.setQuietMode(true);
  const host = process.env.HOST ?? 'localhost';
  const assets = path.relative(process.cwd(), DEV_ASSETS_DIR);
  const guard = (slot[GUARD] ??= {
    middleware: devGuard(host),
    ready: (dev) => guardServer(dev.server, host),
  });
  config.setServerOptions({
    port: Number(process.env.PORT ?? 8080),
    middleware: [guard.middleware],
    ready: guard.ready,
    // Vite's output: a stylesheet edit is swapped into the open pages, a script edit reloads them.
    watch: [`${assets}/*.css`, `${assets}/*.js`],
    showVersion: true,
    // A content edit reloads the page (the site's runtime puts the reader back at the same scroll position).
    // Eleventy's DOM diff would patch it in place, but it refills each declarative shadow root with every other
    // node (eleventy-dev-server 2.1.2 appends from a live NodeList), which leaves the widgets blank.
    domDiff: false,
    // Files keep their names across edits here (the widgets', the search index's): never from the browser's cache.
    headers: { 'Cache-Control': 'no-cache' },
  });
  // Said after each build, even one of a site whose code does not load (eleventy/dev-session.ts).
  if (serving) {
    config.on('eleventy.after', buildEnded);
    config.on('eleventy.afterwatch', watchRunEnded);
    config.on('eleventy.reset', codeReloaded);
  }
  try {
    await configure(config, serving);
    if (serving) reportStatus(DEV_ASSETS_DIR, 'code', '');
  } catch (error) {
    if (!serving) throw error;
    // A syntax error in the site's code or config: shown over the open pages, which stay as they were (nothing
    // is built) until an edit fixes it.
    reportStatus(DEV_ASSETS_DIR, 'code', `The site's code does not load:\n${relativeTo(ROOT, String(error))}`);
    console.error(`[docs] the site's code does not load:\n${String(error)}`);
    config.setTemplateFormats([]);
  }
}

async function configure(config: EleventyConfig, serving: boolean): Promise<void> {
  const load = <T>(file: string) => tsImport(path.join(ROOT, file), import.meta.url) as Promise<T>;
  const [{ docsPlugin }, { watchWidgets }, { buildOptionsFromEnv }, { loadSiteConfig }] = await Promise.all([
    load<typeof import('./eleventy/plugin.ts')>('eleventy/plugin.ts'),
    load<typeof import('./eleventy/dev-assets.ts')>('eleventy/dev-assets.ts'),
    load<typeof import('./lib/build-options.ts')>('lib/build-options.ts'),
    load<typeof import('./lib/config.ts')>('lib/config.ts'),
  ]);
  const options = buildOptionsFromEnv();
  const site = await loadSiteConfig(options.configFile, options.overrides);
  const docs = docsPlugin(config, {
    site,
    build: options,
    assetsReady: serving ? watchWidgets() : undefined,
    dev: serving,
  });
  // Each build of the dev server renders the saved page alone, or the whole site (eleventy/dev-session.ts).
  if (serving) config.on('eleventy.beforeWatch', (queue) => chooseBuild(queue, docs.isPage));
}
