// Browser assets. The site build: the theme CSS and the widget entry as hashed ES modules, code-split (a
// widget's code loads only on pages that have it), with a manifest the layouts read. After it, the embed
// build: widgets/embed.ts as one classic script, `embed.js`, that any page can include.
import fs from 'node:fs';
import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';

const OUT_DIR = '.build/assets';
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** Runs the embed build once the site build has written its files (an IIFE cannot share chunks). */
function embedBuild(): Plugin {
  return {
    name: 'docs-embed-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: production,
        build: {
          outDir: OUT_DIR,
          emptyOutDir: false,
          target: 'es2022',
          copyPublicDir: false,
          lib: { entry: 'widgets/embed.ts', name: 'DocsWidgets', formats: ['iife'], fileName: () => 'embed.js' },
        },
        plugins: [recordInputs()],
      });
    },
  };
}

/**
 * Writes `.inputs.json`: every project file the site and embed builds read. scripts/build.ts hashes exactly
 * these to decide whether the assets are current (widgets import from lib/ and layouts/ too).
 */
function recordInputs(): Plugin {
  const seen = new Set<string>();
  return {
    name: 'docs-record-inputs',
    apply: 'build',
    moduleParsed(info) {
      if (!info.id.includes('node_modules') && !info.id.startsWith('\0')) seen.add(path.relative(process.cwd(), info.id.split('?')[0]));
    },
    closeBundle() {
      fs.writeFileSync(path.join(OUT_DIR, '.inputs.json'), JSON.stringify([...seen].sort()));
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the site works under any base path.
  base: './',
  publicDir: false,
  define: production,
  plugins: [embedBuild(), recordInputs()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    // Chunks a lazily loaded widget needs are fetched alongside it (no polyfill: ES-module browsers only).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: ['widgets/index.ts', 'styles/index.css'],
    },
  },
});
