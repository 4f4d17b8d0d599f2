// Reads Vite's manifest: the hashed URLs of the stylesheets and the widget script that layouts reference; and,
// for production pages, the stylesheets' text to carry inline.
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_RENDERED, type ServerRenderedTag } from '../common/views/server-rendered.ts';
import type { ShadowSheet } from '../common/views/shadow-root.tsx';
import type { PageAssets, StyleAsset } from './model.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The stylesheets Vite builds (vite.config.ts): every page's, and the page types' own (layouts/render.tsx). */
export const STYLE_ENTRIES: Record<StyleAsset['sheet'], string> = {
  site: 'styles/index.css',
  home: 'styles/home.css',
  overview: 'styles/overview.css',
};
export const SCRIPT_ENTRY = 'widgets/index.ts';
/** Each server-rendered element's shadow stylesheet (its `shadow.css`: what its widget adopts), by tag. */
export const SHADOW_STYLE_ENTRIES = Object.fromEntries(
  SERVER_RENDERED.map((tag) => [tag, `widgets/${tag}/shadow.css`]),
) as Record<ServerRenderedTag, string>;

/** Vite's manifest in the assets folder. */
export const MANIFEST = '.vite/manifest.json';
/** `npm start` builds the stylesheets apart (eleventy/dev-assets.ts), with their own manifest beside it. */
export const STYLESHEETS_MANIFEST = '.vite/stylesheets.json';

/**
 * What `start` imports statically, and what those import, in the order first met, into `into` (what it holds is
 * not walked again). `importsOf` reads a module's imports: Vite's manifest here, the bundle in vite.config.ts.
 */
export function staticImports(
  start: string,
  importsOf: (key: string) => string[] | undefined,
  into = new Set<string>(),
): Set<string> {
  for (const dep of importsOf(start) ?? []) if (!into.has(dep)) staticImports(dep, importsOf, into.add(dep));
  return into;
}

/** The hashed asset URLs from Vite's manifest, and the stylesheets' when apart (the caller adds the inline scripts). */
export function readAssets(assetsDir: string, base: string): Omit<PageAssets, 'inline'> {
  const manifestFile = path.join(assetsDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) {
    console.warn(
      `[docs] ${path.relative(process.cwd(), manifestFile)} is missing: pages are built without CSS and widgets (run npm run build:widgets)`,
    );
    return { css: [], preload: [], shadowStyles: {} };
  }
  const read = (file: string): Record<string, ManifestChunk> => JSON.parse(fs.readFileSync(file, 'utf8'));
  const stylesFile = path.join(assetsDir, STYLESHEETS_MANIFEST);
  const manifest = { ...read(manifestFile), ...(fs.existsSync(stylesFile) ? read(stylesFile) : {}) };
  const url = (file: string) => `${base}assets/${file}`;
  const entry = manifest[SCRIPT_ENTRY];
  const preload = entry ? staticImports(SCRIPT_ENTRY, (key) => manifest[key]?.imports) : new Set<string>();
  return {
    css: (Object.entries(STYLE_ENTRIES) as [StyleAsset['sheet'], string][]).flatMap(([sheet, key]) =>
      manifest[key] ? [{ sheet, href: url(manifest[key].file) }] : [],
    ),
    script: entry ? url(entry.file) : undefined,
    preload: [...preload].map((k) => url(manifest[k].file)),
    shadowStyles: Object.fromEntries(
      (Object.entries(SHADOW_STYLE_ENTRIES) as [ServerRenderedTag, string][]).flatMap(([tag, key]) =>
        manifest[key] ? [[tag, { href: url(manifest[key].file) }]] : [],
      ),
    ),
  };
}

/** The shadow stylesheets with their text, for built pages (their declarative shadow roots carry it, as the page does its own). */
export function withShadowStyleText(
  styles: PageAssets['shadowStyles'],
  assetsDir: string,
  base: string,
): PageAssets['shadowStyles'] {
  const prefix = `${base}assets/`;
  const entries = Object.entries(styles) as [ServerRenderedTag, ShadowSheet][];
  return Object.fromEntries(
    entries.map(([tag, style]) => {
      if (!style.href.startsWith(prefix)) return [tag, style];
      const text = fs.readFileSync(path.join(assetsDir, style.href.slice(prefix.length)), 'utf8').trim();
      return [tag, canInline(text) ? { ...style, text } : style];
    }),
  );
}

/**
 * The stylesheets with their text, for pages that carry them inline: a first visit then paints from the page's
 * own response, without a second request (and its round trip) for the CSS. A sheet whose text would change
 * meaning inside the page is left linked: a relative url() (it resolves against the stylesheet's address) or a
 * `</style` in it.
 */
export function withInlineStyles(css: StyleAsset[], assetsDir: string, base: string): StyleAsset[] {
  const prefix = `${base}assets/`;
  return css.map((asset) => {
    if (!asset.href.startsWith(prefix)) return asset;
    const text = fs.readFileSync(path.join(assetsDir, asset.href.slice(prefix.length)), 'utf8').trim();
    return canInline(text) ? { ...asset, text } : asset;
  });
}

/** False for CSS whose meaning depends on being a file of its own (see `withInlineStyles`). */
export function canInline(css: string): boolean {
  const relativeUrl = /url\((?!\s*['"]?(?:data:|[a-z][a-z0-9+.-]*:|\/|#))/i;
  return !relativeUrl.test(css) && !/<\/style/i.test(css);
}

/** Copies the built assets into the site, leaving out Vite's bookkeeping (dot files: manifest, inputs). */
export function copyAssets(assetsDir: string, target: string): void {
  if (!fs.existsSync(assetsDir)) return;
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(assetsDir)) {
    if (!name.startsWith('.')) fs.cpSync(path.join(assetsDir, name), path.join(target, name), { recursive: true });
  }
}
