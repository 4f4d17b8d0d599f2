// Browser assets. The site build: the theme CSS and the widget entry as hashed ES modules, code-split (a
// widget's code loads only on pages that have it), with a manifest the layouts read. After it, the embed
// build: widgets/embed.ts as one classic script, `embed.js`, that any page can include, and its on-demand
// parts `embed-search.js` (the <doc-search> modal and engine) and `embed-tools.js` (the <tools-menu> popover
// and tool list), classic scripts too, built without React.
import fs from 'node:fs';
import path from 'node:path';
import { Features } from 'lightningcss';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import { toolLogoRules } from './common/tools.ts';
import { SCRIPT_ENTRY, SHADOW_STYLE_ENTRIES, STYLE_ENTRIES, staticImports } from './lib/assets.ts';
import { CHUNK_EVENT } from './widgets/platform/chunk.ts';
import { SEARCH_ELEMENT, SEARCH_MODULES_FILE } from './widgets/doc-search/prefetch.ts';

const OUT_DIR = '.build/assets';
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };
/**
 * The CSS minifier (Lightning CSS) as every build uses it. No stylesheet here uses `light-dark()`, so the minifier
 * is told not to prepare for it: otherwise every `color-scheme` declaration gets two `--lightningcss-light/dark`
 * custom properties for a polyfill nothing reads (in the page's inline CSS and in embed.js's shadow sheets).
 */
const css = { lightningcss: { exclude: Features.LightDark } };

/** The embed script's on-demand parts: each one's entry, file, and the module its widget loads it through. */
const PARTS = {
  search: {
    entry: 'widgets/doc-search/embed-dialog.ts',
    file: 'embed-search.js',
    module: 'widgets/doc-search/dialog-module',
  },
  tools: {
    entry: 'widgets/tools-menu/embed-panel.ts',
    file: 'embed-tools.js',
    module: 'widgets/tools-menu/panel-module',
  },
};

/**
 * In the embed script, <doc-search> loads its modal and <tools-menu> its popover on demand: each one's
 * `<module>.ts` is replaced by `<module>.embed.ts` (widgets/doc-search/dialog-module.embed.ts, widgets/tools-menu/panel-module.embed.ts).
 */
function embedModules(): Plugin {
  return {
    name: 'docs-embed-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('./')) return undefined;
      const resolved = path.resolve(path.dirname(importer), source);
      const part = Object.values(PARTS).find(({ module }) => resolved === path.resolve(`${module}.ts`));
      return part ? path.resolve(`${part.module}.embed.ts`) : undefined;
    },
  };
}

/** The libraries embed.js passes to its on-demand part, as the factory's parameters (dialog-module.embed.ts, same order). */
const SHARED = { react: 'React', 'react-dom': 'ReactDOM', 'react/jsx-runtime': 'JSX' };

/** The classic-script wrapper of an on-demand part: it hands its factory to the loader (widgets/platform/chunk.ts). */
const CHUNK_WRAPPER = {
  banner: `(function(){var s=document.currentScript;function factory(${Object.values(SHARED).join(',')}){`,
  footer: `return DocsWidgetsPart}s&&s.dispatchEvent(new CustomEvent(${JSON.stringify(CHUNK_EVENT)},{detail:factory}))})();`,
};

/**
 * The embed build: `embed.js` (every element, React included) or, with `part`, one of its on-demand parts.
 * `overrides` let the size benchmark build the same thing in memory with a source map.
 */
export function embedConfig(part: 'main' | keyof typeof PARTS, overrides: InlineConfig['build'] = {}): InlineConfig {
  const main = part === 'main';
  return {
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: production,
    css,
    build: {
      outDir: OUT_DIR,
      emptyOutDir: false,
      target: 'es2022',
      copyPublicDir: false,
      lib: main
        ? { entry: 'widgets/embed.ts', name: 'DocsWidgets', formats: ['iife'], fileName: () => 'embed.js' }
        : { entry: PARTS[part].entry, name: 'DocsWidgetsPart', formats: ['iife'], fileName: () => PARTS[part].file },
      rolldownOptions: main ? {} : { external: Object.keys(SHARED), output: { globals: SHARED, ...CHUNK_WRAPPER } },
      ...overrides,
    },
    plugins: [embedModules(), recordInputs()],
  };
}

/** The landing cards' logos (common/tools.ts) as rules at the end of the home page's stylesheet. */
function toolLogoStyles(): Plugin {
  const entry = path.resolve(STYLE_ENTRIES.home);
  return {
    name: 'docs-tool-logos',
    enforce: 'pre',
    transform(code, id) {
      return id.split('?')[0] === entry ? `${code}\n${toolLogoRules()}\n` : undefined;
    },
  };
}

/**
 * The built page's shadow stylesheets (widgets/<tag>/shadow.css) read the page's tokens directly: each alias that
 * platform/shadow-palette.css declares on :host (`--w-x: var(--docs-x)`) is put in place of its uses and
 * dropped, so the first response does not carry the alias list once per element. The widgets' own sheets keep
 * the --w-* palette (palette.css), which an embedding page cannot reach.
 */
export function inlineShadowAliases(css: string): string {
  const aliases = new Map<string, string>();
  const text = css.replace(/(--w-[\w-]+):(var\(--docs-[\w-]+\));?/g, (_declaration, name: string, value: string) => {
    aliases.set(name, value);
    return '';
  });
  return text
    .replace(/var\((--w-[\w-]+)\)/g, (use, name: string) => aliases.get(name) ?? use)
    .replace(/\{;?\}/g, '{}')
    .replace(/:host\{\}/g, '');
}

function shadowAliases(): Plugin {
  const entries = new Set(Object.values(SHADOW_STYLE_ENTRIES));
  return {
    name: 'docs-shadow-aliases',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.originalFileNames.some((name) => entries.has(name)))
          file.source = inlineShadowAliases(String(file.source));
      }
    },
  };
}

/**
 * `search-modules.json`, beside the chunks: <doc-search>'s module and the chunks it imports that the page entry
 * does not (React among them), as file names in this folder. A page fetches them once idle
 * (widgets/doc-search/prefetch.ts); a list in every page would make each page's HTML bigger. Each starts with
 * V8's explicit compile hint, `//# allFunctionsCalledOnLoad`: fetched ahead, its functions are compiled then,
 * not when Ctrl+K runs them (bench:search measured the box 10–15 ms sooner). Other engines read a comment.
 */
function searchModules(): Plugin {
  return {
    name: 'docs-search-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      const importsOf = (file: string) => chunks.get(file)?.imports;
      const of = (entry: string) => [...chunks.values()].find((c) => c.facadeModuleId === path.resolve(entry));
      const page = of(SCRIPT_ENTRY);
      const search = of(SEARCH_ELEMENT);
      if (!page || !search) return;
      const loaded = staticImports(page.fileName, importsOf, new Set([page.fileName]));
      const files = [...staticImports(search.fileName, importsOf, new Set([search.fileName]))].filter(
        (file) => !loaded.has(file),
      );
      for (const file of files) {
        const chunk = chunks.get(file)!;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
      this.emitFile({ type: 'asset', fileName: SEARCH_MODULES_FILE, source: JSON.stringify(files) });
    },
  };
}

/** Runs the embed builds once the site build has written its files (an IIFE cannot share chunks). */
function embedBuild(): Plugin {
  return {
    name: 'docs-embed-build',
    apply: 'build',
    async closeBundle() {
      // `npm start` rebuilds on every edit: the embed script is for other sites, built by `npm run build`.
      if (this.meta.watchMode) return;
      await build(embedConfig('main'));
      for (const part of Object.keys(PARTS) as (keyof typeof PARTS)[]) await build(embedConfig(part));
    },
  };
}

/** Every project file the builds of this run read: one set for all of them, so that none overwrites another's. */
const seen = new Set<string>();

/**
 * Writes `.inputs.json`: every project file the site and embed builds read. scripts/build.ts hashes exactly
 * these to decide whether the assets are current (widgets import from lib/ and layouts/ too).
 */
function recordInputs(): Plugin {
  return {
    name: 'docs-record-inputs',
    apply: 'build',
    moduleParsed(info) {
      if (!info.id.includes('node_modules') && !info.id.startsWith('\0'))
        seen.add(path.relative(process.cwd(), info.id.split('?')[0]));
    },
    closeBundle() {
      // What `npm run build` checks; `npm start` rebuilds on every edit anyway (and the dev server watches this folder).
      if (this.meta.watchMode) return;
      fs.writeFileSync(path.join(OUT_DIR, '.inputs.json'), JSON.stringify([...seen].sort()));
    },
  };
}

/**
 * `npm start` (eleventy/dev-assets.ts): file names without hashes, so that a stylesheet keeps its URL across
 * edits and Eleventy's dev server can swap it in the open pages.
 */
const stableNames = process.env.DOCS_STABLE_ASSET_NAMES === '1';

export default defineConfig({
  // Relative asset URLs: the site works under any base path.
  base: './',
  publicDir: false,
  define: production,
  css,
  plugins: [toolLogoStyles(), shadowAliases(), searchModules(), embedBuild(), recordInputs()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    // Chunks a lazily loaded widget needs are fetched alongside it (no polyfill: ES-module browsers only).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: [SCRIPT_ENTRY, ...Object.values(STYLE_ENTRIES), ...Object.values(SHADOW_STYLE_ENTRIES)],
      ...(stableNames
        ? { output: { entryFileNames: '[name].js', chunkFileNames: '[name].js', assetFileNames: '[name][extname]' } }
        : {}),
    },
  },
});
