// Reads Vite's manifest: the hashed URLs of the theme CSS and the widget script that layouts reference.
import fs from 'node:fs';
import path from 'node:path';

export interface PageAssets {
  css: string[];
  /** The widget entry module. */
  script?: string;
  /** Chunks the entry imports statically (modulepreload). */
  preload: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

// The build may still be running Vite while Eleventy starts; rendering waits for it through this promise.
// It lives on globalThis because Eleventy loads lib/ in its own module namespace (see .eleventy.js).
const PENDING = Symbol.for('docs.assets.pending');
type WithPending = typeof globalThis & { [PENDING]?: Promise<unknown> };

export function setAssetsPending(promise: Promise<unknown>): void {
  (globalThis as WithPending)[PENDING] = promise;
}

export async function assetsReady(): Promise<void> {
  await (globalThis as WithPending)[PENDING];
}

export const STYLE_ENTRY = 'styles/index.css';
export const SCRIPT_ENTRY = 'widgets/index.ts';

export function readAssets(assetsDir: string, base: string): PageAssets {
  const manifestFile = path.join(assetsDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.warn(`[docs] ${path.relative(process.cwd(), manifestFile)} is missing: pages are built without CSS and widgets (run npm run build:widgets)`);
    return { css: [], preload: [] };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const url = (file: string) => `${base}assets/${file}`;
  const entry = manifest[SCRIPT_ENTRY];
  const style = manifest[STYLE_ENTRY];
  const preload = new Set<string>();
  const walk = (key: string) => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (preload.has(dep)) continue;
      preload.add(dep);
      walk(dep);
    }
  };
  if (entry) walk(SCRIPT_ENTRY);
  return {
    css: [...(style ? [style.file] : []), ...(entry?.css ?? [])].map(url),
    script: entry ? url(entry.file) : undefined,
    preload: [...preload].map((k) => url(manifest[k].file)),
  };
}

/** Copies the built assets into the site, leaving out Vite's bookkeeping (dot files: manifest, inputs). */
export function copyAssets(assetsDir: string, target: string): void {
  if (!fs.existsSync(assetsDir)) return;
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(assetsDir)) {
    if (!name.startsWith('.')) fs.cpSync(path.join(assetsDir, name), path.join(target, name), { recursive: true });
  }
}
