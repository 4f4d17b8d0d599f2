// `npm start`'s widgets and stylesheets: Vite builds them into .build/dev-assets, then again after each edit of a
// widget or stylesheet (its watch mode), under names without hashes. Eleventy's dev server serves that folder as
// /assets/ and watches it: a changed stylesheet is swapped in the open pages, a changed script reloads them.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build, type Plugin } from 'vite';
import { DEV_ASSETS_DIR, relativeTo, reportStatus } from './dev-status.ts';

/** What the dev server needs of Vite's watcher (rolldown's). */
interface Watcher {
  on(type: 'event', listener: (event: { code: string; error?: Error; result?: { close(): unknown } }) => void): void;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** One watcher per process: Eleventy loads its config again after a code edit, and that must not start another. */
const WATCH = Symbol.for('docs.widgetWatch');
const slot = globalThis as { [WATCH]?: Promise<void> };

/** Starts Vite's watch build once per process; resolves when its first build is written (or failed). */
export function watchWidgets(): Promise<void> {
  slot[WATCH] ??= start();
  return slot[WATCH];
}

/**
 * Leaves out of each rebuild's output the files whose content did not change: the dev server reloads the pages
 * when a script is written, and a stylesheet edit must only swap the stylesheet.
 */
function unchangedStayUnwritten(): Plugin {
  return {
    name: 'docs-dev-unchanged',
    apply: 'build',
    generateBundle: {
      // After every other plugin's: the files as they will be written.
      order: 'post',
      handler(_options, bundle) {
        for (const [name, file] of Object.entries(bundle)) {
          const target = path.join(DEV_ASSETS_DIR, name);
          const content = file.type === 'chunk' ? file.code : file.source;
          if (fs.existsSync(target) && Buffer.from(content).equals(fs.readFileSync(target))) delete bundle[name];
        }
      },
    },
  };
}

async function start(): Promise<void> {
  process.env.DOCS_STABLE_ASSET_NAMES = '1';
  const watcher = (await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // Kept across rebuilds: the overlay's stylesheet lives in the same folder.
    build: { outDir: DEV_ASSETS_DIR, watch: {}, emptyOutDir: false },
    plugins: [unchangedStayUnwritten()],
  })) as unknown as Watcher;
  await new Promise<void>((resolve) => {
    let failed = false;
    watcher.on('event', (event) => {
      if (event.code === 'START') failed = false;
      if (event.code === 'ERROR') {
        failed = true;
        const message = stripVTControlCharacters(event.error?.message ?? '');
        const text = `Vite could not build the widgets or CSS:\n${relativeTo(ROOT, message)}`;
        console.error(`[docs] ${text}`);
        reportStatus(DEV_ASSETS_DIR, 'widgets', text);
      }
      if (event.code === 'END' && !failed) reportStatus(DEV_ASSETS_DIR, 'widgets', '');
      if (event.code === 'END' || event.code === 'ERROR') resolve();
      event.result?.close();
    });
  });
}
