// Small browser scripts that must run inline (before first paint): bundled and minified once per process.
import { buildSync } from 'esbuild';
import path from 'node:path';

const cache = new Map<string, string>();
const RUNTIME = path.resolve(import.meta.dirname, '../widgets/runtime');

/** The minified IIFE of `widgets/runtime/<name>.ts`, safe to put inside <script>. */
export function inlineScript(name: 'boot' | 'not-found'): string {
  let code = cache.get(name);
  if (code === undefined) {
    const result = buildSync({
      entryPoints: [path.join(RUNTIME, `${name}.ts`)],
      bundle: true,
      minify: true,
      write: false,
      format: 'iife',
      target: 'es2019',
      legalComments: 'none',
    });
    code = result.outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');
    cache.set(name, code);
  }
  return code;
}
