// Small browser scripts that must run inline (before first paint): bundled and minified once per process.
// The build prepares them through esbuild's service while it reads the content; anything else that asks
// first gets them synchronously.
import { build, buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';

type InlineScriptName = 'boot' | 'not-found';
const NAMES: InlineScriptName[] = ['boot', 'not-found'];
const cache = new Map<string, string>();
const RUNTIME = path.resolve(import.meta.dirname, '../widgets/runtime');

const options = (name: InlineScriptName): BuildOptions & { write: false } => ({
  entryPoints: [path.join(RUNTIME, `${name}.ts`)],
  bundle: true,
  minify: true,
  write: false,
  format: 'iife',
  target: 'es2019',
  legalComments: 'none',
});

const finish = (text: string) => text.trim().replace(/<\/script/gi, '<\\/script');

/** Bundles every inline script in esbuild's own process (in parallel with the caller's work). */
export async function prepareInlineScripts(): Promise<void> {
  await Promise.all(
    NAMES.filter((name) => !cache.has(name)).map(async (name) => {
      const result = await build(options(name));
      cache.set(name, finish(result.outputFiles[0].text));
    }),
  );
}

/** The minified IIFE of `widgets/runtime/<name>.ts`, safe to put inside <script>. */
export function inlineScript(name: InlineScriptName): string {
  let code = cache.get(name);
  if (code === undefined) {
    code = finish(buildSync(options(name)).outputFiles[0].text);
    cache.set(name, code);
  }
  return code;
}
