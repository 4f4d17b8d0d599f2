// `npm run build`: widget assets (Vite, skipped when their sources are unchanged), then the pages (Eleventy).
// Options for tests and benchmarks: --output DIR, and the env vars DOCS_CONFIG, DOCS_BASE, DOCS_CONTENT.
import './production-env.ts';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { buildOptionsFromEnv } from '../lib/build-options.ts';
import { CSP_EXAMPLE_FILE, readHeadersExample } from '../lib/csp.ts';
import { buildPages, problemsReported } from '../eleventy/build.ts';
import { prefetchCodeBlocks } from '../lib/site.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, '.build', 'assets');
const STAMP = path.join(ASSETS, '.inputs-hash');

/**
 * Hash of what the last Vite build read (its recorded source files, see vite.config.ts) plus its config and
 * the lockfile; undefined when there is no record yet.
 */
function widgetInputsHash(): string | undefined {
  const record = path.join(ASSETS, '.inputs.json');
  if (!fs.existsSync(record)) return undefined;
  const hash = createHash('sha1');
  // CSS files reached through @import are not module-parsed: the styles folder is hashed whole.
  const styles = (fs.readdirSync(path.join(ROOT, 'styles'), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const inputs = new Set([
    ...(JSON.parse(fs.readFileSync(record, 'utf8')) as string[]),
    ...styles,
    'vite.config.ts',
    'package-lock.json',
  ]);
  for (const rel of [...inputs].sort()) {
    const file = path.join(ROOT, rel);
    hash.update(rel);
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : 'missing');
  }
  return hash.digest('hex');
}

/** Runs Vite unless its inputs are unchanged since the last build; resolves when the assets are written. */
export function buildWidgets(): { status: 'cached' | 'built'; done: Promise<void> } {
  const hash = widgetInputsHash();
  if (hash && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash)
    return { status: 'cached', done: Promise.resolve() };
  // Vite's bundler (rolldown) starts a thread per core; beside Eleventy and the highlighting thread the extra
  // threads only contend (less CPU for Vite and a sooner cold build on 2 cores; bench:build).
  const threads = String(Math.max(1, os.availableParallelism() - 2));
  const vite = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ROLLDOWN_WORKER_THREADS: threads,
        TOKIO_WORKER_THREADS: threads,
        RAYON_NUM_THREADS: threads,
        ...process.env,
      },
    },
  );
  // The pages need Vite's assets only when their layouts run, last: at the lowest priority it takes what the
  // highlighting thread and Eleventy leave of the cores, rather than slowing them (a cold build on 2 cores:
  // 5.28 -> 5.11 s, medians of 5 alternated pairs). Lowering one's own child's priority is always allowed.
  if (vite.pid) os.setPriority(vite.pid, 19);
  const done = new Promise<void>((resolve, reject) => {
    vite.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`vite build failed (exit ${code})`));
      fs.writeFileSync(STAMP, widgetInputsHash() ?? '');
      resolve();
    });
  });
  return { status: 'built', done };
}

/**
 * Deletes what an earlier build left in the output folder and this one did not write (a page removed since),
 * then folders left empty. The folder is overwritten in place rather than emptied first: on this machine's disk
 * (ext4 mounted with `discard`) creating files where many were just deleted costs an order of magnitude more than overwriting them.
 */
export function removeStale(dir: string, since: number): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removeStale(file, since);
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
    } else if (fs.statSync(file).mtimeMs < since) {
      fs.rmSync(file);
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: { output: { type: 'string', default: path.join(ROOT, '_site') }, 'skip-widgets': { type: 'boolean' } },
  });
  const startedAt = performance.now();
  // Vite (widgets, CSS) runs beside Eleventy; pages wait for its manifest only when they render.
  const widgets = values['skip-widgets'] ? { status: 'skipped', done: Promise.resolve() } : buildWidgets();
  // Code is highlighted in a worker thread from now on, while Eleventy starts (reads the content, makes its data
  // cascade); awaited here: only the config and a scan of the content. Problems found here are left for the build
  // itself to report, with file and line. (Eleventy's modules are loaded by then: started before them, the thread's
  // own start-up competed with their loading, and a cold build took more CPU and no less time on 2 cores.)
  const options = buildOptionsFromEnv();
  const site = await prefetchCodeBlocks(options).catch(() => undefined);
  const output = path.resolve(values.output!);
  const started = Date.now();
  try {
    await Promise.all([buildPages(options, output, { site, assetsReady: widgets.done }), widgets.done]);
  } catch (error) {
    // The docs' problems are printed as they are found (eleventy/plugin.ts); anything else is printed here.
    if (!problemsReported(error)) console.error(error);
    process.exit(1);
  }
  removeStale(output, started);
  const pages = (fs.readdirSync(values.output!, { recursive: true }) as string[]).filter((f) =>
    f.endsWith('.html'),
  ).length;
  const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `Built ${pages} pages into ${path.relative(process.cwd(), values.output!) || '.'} in ${((performance.now() - startedAt) / 1000).toFixed(2)} s (widgets: ${widgets.status}, peak memory ${peakMiB} MiB)`,
  );
  // The policy the site works under, with this build's inline-script hashes (lib/csp.ts; README: deploy).
  const policy = readHeadersExample(values.output!)?.policy;
  const example = path.relative(process.cwd(), path.join(values.output!, CSP_EXAMPLE_FILE));
  if (policy) console.log(`Content-Security-Policy (also in ${example}): ${policy}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
