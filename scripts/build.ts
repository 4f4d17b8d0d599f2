// `npm run build`: widget assets (Vite, skipped when their sources are unchanged), then the pages (Eleventy).
// Options for tests and benchmarks: --output DIR, and the env vars DOCS_CONFIG, DOCS_BASE, DOCS_CONTENT.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { setAssetsPending } from '../lib/assets.ts';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, '.build', 'assets');
const STAMP = path.join(ASSETS, '.inputs-hash');

/** Hash of everything the Vite build reads, so an unchanged tree reuses the last assets. */
function widgetInputsHash(): string {
  const hash = createHash('sha1');
  const visit = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(path.relative(ROOT, p));
      hash.update(fs.readFileSync(p));
    }
  };
  for (const p of ['widgets', 'styles', 'lib/types.ts', 'lib/routes.ts', 'vite.config.ts', 'package-lock.json']) {
    if (fs.existsSync(path.join(ROOT, p))) visit(path.join(ROOT, p));
  }
  return hash.digest('hex');
}

/** Runs Vite unless its inputs are unchanged since the last build; resolves when the assets are written. */
export function buildWidgets(): { status: 'cached' | 'built'; done: Promise<void> } {
  const hash = widgetInputsHash();
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash) return { status: 'cached', done: Promise.resolve() };
  const vite = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const done = new Promise<void>((resolve, reject) => {
    vite.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`vite build failed (exit ${code})`));
      fs.writeFileSync(STAMP, hash);
      resolve();
    });
  });
  return { status: 'built', done };
}

export async function buildPages(output: string): Promise<void> {
  const { default: Eleventy } = await import('@11ty/eleventy');
  fs.rmSync(output, { recursive: true, force: true });
  const elev = new Eleventy(path.join(ROOT, 'layouts'), output, { configPath: path.join(ROOT, '.eleventy.js'), quietMode: true });
  await elev.write();
}

async function main() {
  const { values } = parseArgs({ options: { output: { type: 'string', default: path.join(ROOT, '_site') }, 'skip-widgets': { type: 'boolean' } } });
  const started = performance.now();
  // Vite (widgets, CSS) runs beside Eleventy; pages wait for its manifest only when they render.
  const widgets = values['skip-widgets'] ? { status: 'skipped', done: Promise.resolve() } : buildWidgets();
  setAssetsPending(widgets.done);
  try {
    await Promise.all([buildPages(path.resolve(values.output!)), widgets.done]);
  } catch {
    // Eleventy has printed the problems (see lib/eleventy/plugin.ts).
    process.exit(1);
  }
  const pages = (fs.readdirSync(values.output!, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).length;
  const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `Built ${pages} pages into ${path.relative(process.cwd(), values.output!) || '.'} in ${((performance.now() - started) / 1000).toFixed(2)} s (widgets: ${widgets.status}, peak memory ${peakMiB} MiB)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
