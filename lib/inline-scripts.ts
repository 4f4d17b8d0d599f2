// Small browser scripts that must run inline (before first paint), bundled and minified by esbuild's service
// while the build reads the content: `widgets/runtime/boot.ts` (every page) and `not-found.ts` (404 pages).
import { build } from 'esbuild';
import path from 'node:path';
import type { PageAssets } from './model.ts';

const RUNTIME = path.resolve(import.meta.dirname, '../widgets/runtime');

async function bundle(name: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(RUNTIME, `${name}.ts`)],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    // ES2020 keeps `??` and `?.` as they are (smaller than their ES2019 rewrites); a browser too old to parse
    // them keeps the no-JS page, which works.
    target: 'es2020',
    legalComments: 'none',
  });
  // Safe inside <script>; without esbuild's "use strict" (our modules are strict-clean, and every page carries it).
  return result.outputFiles[0].text
    .trim()
    .replace(/^"use strict";/, '')
    .replace(/<\/script/gi, '<\\/script');
}

export async function buildInlineScripts(): Promise<PageAssets['inline']> {
  const [boot, notFound] = await Promise.all([bundle('boot'), bundle('not-found')]);
  return { boot, notFound };
}
