// `npm start`'s widgets and stylesheets: Vite builds them into .build/dev-assets, then again after each edit of a
// widget or stylesheet (its watch mode), under names without hashes. Eleventy's dev server serves that folder as
// /assets/ and watches it: a changed stylesheet is swapped in the open pages, a changed script reloads them. The
// stylesheets and the scripts are two watch builds, so that a stylesheet edit rebuilds the stylesheets alone
// (about 75 ms here, against 350 ms for both).
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build, type Plugin } from 'vite';
import { MANIFEST, SCRIPT_ENTRY, SHADOW_STYLE_ENTRIES, STYLE_ENTRIES, STYLESHEETS_MANIFEST } from '../lib/assets.ts';
import { DEV_ASSETS_DIR, relativeTo, reportStatus } from './dev-status.ts';

/** What the dev server needs of Vite's watcher (rolldown's). */
interface Watcher {
  on(type: 'event', listener: (event: { code: string; error?: Error; result?: { close(): unknown } }) => void): void;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** One watcher per process: Eleventy loads its config again after a code edit, and that must not start another. */
const WATCH = Symbol.for('docs.widgetWatch');
const slot = globalThis as { [WATCH]?: Promise<void> };

/** Each watch build: what it reports as (dev-status.ts), its entries (vite.config.ts has them all) and its manifest. */
const PARTS = [
  {
    part: 'stylesheets',
    input: [...Object.values(STYLE_ENTRIES), ...Object.values(SHADOW_STYLE_ENTRIES)],
    manifest: STYLESHEETS_MANIFEST,
  },
  { part: 'widgets', input: [SCRIPT_ENTRY], manifest: MANIFEST },
];

/** Starts Vite's watch builds once per process; resolves when their first builds are written (or failed). */
export function watchWidgets(): Promise<void> {
  slot[WATCH] ??= Promise.all(PARTS.map(start)).then(() => undefined);
  return slot[WATCH];
}

/** The build's entries: only `input` of those vite.config.ts names. */
function entries(input: string[]): Plugin {
  return {
    name: 'docs-dev-entries',
    config(config) {
      config.build!.rolldownOptions!.input = input;
    },
  };
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

async function start({ part, input, manifest }: (typeof PARTS)[number]): Promise<void> {
  process.env.DOCS_STABLE_ASSET_NAMES = '1';
  const watcher = (await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // Kept across rebuilds: the overlay's stylesheet and the other build's files live in the same folder.
    build: { outDir: DEV_ASSETS_DIR, watch: {}, emptyOutDir: false, manifest },
    plugins: [entries(input), unchangedStayUnwritten()],
  })) as unknown as Watcher;
  await new Promise<void>((resolve) => {
    let failed = false;
    watcher.on('event', (event) => {
      if (event.code === 'START') failed = false;
      if (event.code === 'ERROR') {
        failed = true;
        const message = stripVTControlCharacters(event.error?.message ?? '');
        const text = `Vite could not build the ${part}:\n${relativeTo(ROOT, message)}`;
        console.error(`[docs] ${text}`);
        reportStatus(DEV_ASSETS_DIR, part, text);
      }
      if (event.code === 'END' && !failed) reportStatus(DEV_ASSETS_DIR, part, '');
      if (event.code === 'END' || event.code === 'ERROR') resolve();
      event.result?.close();
    });
  });
}
