// Reads Vite's manifest: the hashed URLs of the theme CSS and the widget script that layouts reference.
import fs from 'node:fs';
import path from 'node:path';
import type { PageAssets } from './model.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const STYLE_ENTRY = 'styles/index.css';
export const SCRIPT_ENTRY = 'widgets/index.ts';

/** The hashed asset URLs from Vite's manifest (the inline scripts are added by the caller). */
export function readAssets(assetsDir: string, base: string): Omit<PageAssets, 'inline'> {
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
