// Pure route helpers: source file → route, route → output file, locale/version prefixes, base path.
// Imported by the build and by browser code (language switcher), so it has no Node imports.
import { safePath } from './safe-url.ts';

export interface RouteContext {
  base: string;
  /** Languages with their prefix ('' for the default language). */
  locales: { lang: string; prefix: string }[];
  versions: string[];
  defaultVersion: string;
  cleanUrls: boolean;
}

export interface RouteParts {
  version: string;
  lang: string;
  /** The rest of the path, starting with '/': '/guide/start/' */
  rest: string;
}

/** `guide/start/index.md` → `/guide/start/`; `guide/cli.md` (or `.mdx`) → `/guide/cli`; `index.md` → `/`. */
export function routeOfFile(relativePath: string): string {
  const noExt = relativePath.replace(/\\/g, '/').replace(/\.mdx?$/, '');
  if (noExt === 'index') return '/';
  if (noExt.endsWith('/index')) return `/${noExt.slice(0, -'index'.length)}`;
  return `/${noExt}`;
}

export function prefixOf(ctx: RouteContext, lang: string, version: string): string {
  const locale = ctx.locales.find((l) => l.lang === lang);
  const versionPart = version && version !== ctx.defaultVersion ? `/${version}` : '';
  return `${versionPart}${locale?.prefix ?? ''}`;
}

/** A locale-neutral route (`/guide/`) in a language and version, without base: `/zh/guide/`. */
export function localizeRoute(ctx: RouteContext, rest: string, lang: string, version: string): string {
  return `${prefixOf(ctx, lang, version)}${rest}`;
}

/** Adds the base path to a route: `/zh/guide/` → `/docs/zh/guide/`. */
export function withBase(base: string, route: string): string {
  return base === '/' ? route : `${base.slice(0, -1)}${route}`;
}

/** Removes the base path; returns null when the path is outside it. */
export function stripBase(base: string, pathname: string): string | null {
  if (base === '/') return pathname;
  const bare = base.slice(0, -1);
  if (pathname === bare) return '/';
  return pathname.startsWith(base) ? pathname.slice(bare.length) : null;
}

/** Splits a route without base into version, language and the locale-neutral rest. */
export function parseRoute(ctx: RouteContext, route: string): RouteParts {
  let rest = route;
  let version = ctx.defaultVersion;
  const seg = (s: string) => rest === `/${s}` || rest.startsWith(`/${s}/`);
  const cut = (s: string) => {
    rest = rest.slice(s.length + 1) || '/';
  };
  const v = ctx.versions.find((x) => x && x !== ctx.defaultVersion && seg(x));
  if (v) {
    version = v;
    cut(v);
  }
  const defaultLang = ctx.locales.find((l) => l.prefix === '')?.lang ?? ctx.locales[0]?.lang ?? 'en';
  let lang = defaultLang;
  const locale = ctx.locales.find((l) => l.prefix && seg(l.prefix.slice(1)));
  if (locale) {
    lang = locale.lang;
    cut(locale.prefix.slice(1));
  }
  return { version, lang, rest };
}

/**
 * The same page in another language or version (for the switchers and the first-visit redirect); keeps query
 * and hash. The path is made safe (common/safe-url.ts): `/zh//evil.example/` must not become `//evil.example/`.
 */
export function translatePath(
  ctx: RouteContext,
  pathWithQuery: string,
  target: { lang?: string; version?: string },
): string {
  const match = /^([^?#]*)(.*)$/s.exec(pathWithQuery)!;
  const route = stripBase(ctx.base, match[1]) ?? match[1];
  const parts = parseRoute(ctx, route);
  const next = localizeRoute(ctx, parts.rest, target.lang ?? parts.lang, target.version ?? parts.version);
  return safePath(withBase(ctx.base, next)) + match[2];
}

/** Output file of a route inside the output folder: `/guide/` → `guide/index.html`, `/guide/cli` → `guide/cli.html`. */
export function outputFileOfRoute(route: string): string {
  const rel = route.replace(/^\//, '');
  if (rel === '' || rel.endsWith('/')) return `${rel}index.html`;
  return `${rel}.html`;
}

/** The href for a route: clean URLs as they are, else with `.html`. */
export function hrefOfRoute(ctx: Pick<RouteContext, 'base' | 'cleanUrls'>, route: string): string {
  const withExt = ctx.cleanUrls || route.endsWith('/') ? route : `${route}.html`;
  return withBase(ctx.base, withExt);
}

/** The page's Markdown: route + `.md` (`/guide/` → `/guide/index.md`). */
export function markdownPathOfRoute(route: string): string {
  return route.endsWith('/') ? `${route}index.md` : `${route.replace(/\.html$/, '')}.md`;
}

/** Normalizes a link target for lookups: drops `.html`/`.md`, `index`, and resolves the trailing form. */
export function normalizeRoute(route: string): string {
  let r = route.replace(/\.(html|md)$/, '');
  if (r.endsWith('/index')) r = r.slice(0, -'index'.length);
  if (r === '') r = '/';
  return r;
}

/** Whether an href leaves the site: a scheme (`https:`, `mailto:`) or protocol-relative (`//host`). */
export function isExternalUrl(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}
