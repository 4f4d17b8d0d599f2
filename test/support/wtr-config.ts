// The @web/test-runner setup shared by every widget test: Debian's Chromium through playwright-core, each
// test file bundled by esbuild (React from source does not load through the stock esbuild plugin).
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { TestRunnerConfig } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The file patterns scripts/test.ts counts as widget tests. */
export const WIDGET_TEST_FILES = ['widgets/**/*.test.ts'];

/** `import css from './x.css?inline'` (Vite's syntax) gives the file's text, as in the site build. */
const inlineCss: EsbuildPlugin = {
  name: 'inline-css',
  setup(b) {
    b.onResolve({ filter: /\.css\?inline$/ }, (args) => {
      const file = args.path.replace(/\?inline$/, '');
      // A relative path is a file beside the importer; a bare one a package's file (medium-zoom's rules).
      const resolved = /^\.{1,2}\//.test(file)
        ? path.resolve(args.resolveDir, file)
        : createRequire(path.join(args.resolveDir, 'x.js')).resolve(file);
      return { path: resolved, namespace: 'inline-css' };
    });
    b.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: await import('node:fs/promises').then((fs) => fs.readFile(args.path, 'utf8')),
      loader: 'text',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/** Bundles one test file (and everything it imports) into a single ES module with an inline source map. */
async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    // Output "at" the test file's own URL, so source-map paths resolve to the real sources.
    outfile: file.replace(/\.ts$/, '.js'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    // The test runner's own browser modules are served by its dev server.
    external: ['/__web-dev-server__*', '/__web-test-runner__*'],
    plugins: [inlineCss],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export function widgetTestConfig(files: string[] = WIDGET_TEST_FILES): TestRunnerConfig {
  return {
    rootDir: ROOT,
    files,
    nodeResolve: false,
    concurrency: 1,
    concurrentBrowsers: 1,
    testsFinishTimeout: 120_000,
    browserStartTimeout: 60_000,
    testFramework: { config: { timeout: 10_000 } },
    browsers: [
      playwrightLauncher({
        product: 'chromium',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true },
      }),
    ],
    plugins: [
      {
        name: 'bundle-test-files',
        async serve(context) {
          if (!/\.test\.ts$/.test(context.path)) return undefined;
          return { body: await bundle(path.join(ROOT, context.path)), type: 'js' };
        },
      },
    ],
  };
}
