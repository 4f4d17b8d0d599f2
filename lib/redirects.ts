// Redirects from old or foreign URLs (for example the official Rstest site's kebab-case config pages) to
// pages of this site: read from the JSON file `redirects` names in the site config, checked against the
// pages (a target that is no page, or a source that is one, fails the build with the JSON file's line), and
// written as static pages (meta refresh + canonical + a script that keeps query and hash). Redirect pages are
// not pages of the site: no sitemap, search or llms.txt entry.
import fs from 'node:fs';
import path from 'node:path';
import { hrefOfRoute, localizeRoute, normalizeRoute, outputFileOfRoute, type RouteContext } from '../common/routes.ts';
import type { BuildProblem } from './errors.ts';
import { metaPolicy } from './csp.ts';
import { lineOf } from './errors.ts';
import type { Redirect, ResolvedSite } from './model.ts';

/**
 * A path that stays on this site whatever reads it: one leading `/` (`//host` and `/\\host` are other hosts to a
 * browser), no backslash, no control character, no encoded slash (`%2F%2F` is `//` to servers that decode it).
 */
const isSitePath = (p: string) => /^\/(?![/\\])/.test(p) && !/[\\\u0000-\u001f\u007f]|%2f|%5c/i.test(p);

interface Entry {
  from: string;
  to: string;
  line: number;
}

function readEntries(file: string, problems: BuildProblem[]): Entry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    problems.push({
      file,
      message: 'the redirects file named in the site config does not exist',
      fix: 'create it, or remove `redirects` from the site config',
    });
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problems.push({
      file,
      line: 1,
      message: `the redirects file is not valid JSON (${(error as Error).message})`,
      fix: 'write one object: { "/old/path": "/new/path", … }',
    });
    return [];
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    problems.push({
      file,
      line: 1,
      message: 'the redirects file must hold one JSON object',
      fix: 'write { "/old/path": "/new/path", … }',
    });
    return [];
  }
  const entries: Entry[] = [];
  for (const [from, to] of Object.entries(data as Record<string, unknown>)) {
    if (from.startsWith('$')) continue; // "$comment" and the like
    // The entry's line: the key (a quoted string followed by a colon), not the same text as another's target.
    const key = new RegExp(`${JSON.stringify(from).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*:`).exec(text);
    const line = key ? lineOf(text, key.index) : 1;
    if (typeof to !== 'string' || !isSitePath(from) || !isSitePath(to)) {
      problems.push({
        file,
        line,
        message: `redirect "${from}" → ${JSON.stringify(to)}: both sides must be paths of this site, starting with one "/"`,
        fix: 'write locale-neutral paths, e.g. "/config/test/test-timeout": "/config/test/testTimeout" (no "//", "\\", scheme or control character)',
      });
      continue;
    }
    entries.push({ from, to, line });
  }
  return entries;
}

/**
 * The redirects of every language (default version only), checked: `isPage(route)` tells whether a localized
 * route (no base) is a page of the site.
 */
export function resolveRedirects(
  site: ResolvedSite,
  ctx: RouteContext,
  isPage: (route: string) => boolean,
  problems: BuildProblem[],
): Redirect[] {
  if (!site.config.redirects) return [];
  const file = path.resolve(site.root, site.config.redirects);
  const out: Redirect[] = [];
  for (const { from, to, line } of readEntries(file, problems)) {
    const [toPath, hash = ''] = to.split('#');
    for (const locale of site.locales) {
      const source = localizeRoute(ctx, from, locale.lang, site.defaultVersion);
      const target = localizeRoute(ctx, normalizeRoute(toPath), locale.lang, site.defaultVersion);
      if (!isPage(target)) {
        problems.push({
          file,
          line,
          message: `redirect "${from}" → "${to}": ${target} is not a page`,
          fix: 'point the redirect at an existing page (locale-neutral, without /zh), or create the page',
        });
        break;
      }
      if (isPage(normalizeRoute(source))) {
        problems.push({
          file,
          line,
          message: `redirect "${from}": ${source} is a page of this site, which the redirect would overwrite`,
          fix: 'remove the redirect, or move the page',
        });
        break;
      }
      out.push({ route: source, to: hrefOfRoute(ctx, target) + (hash ? `#${hash}` : '') });
    }
  }
  return out;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// The same script on every redirect page (one hash for a Content-Security-Policy): it reads the target from
// the refresh tag and keeps the query and the hash, which a meta refresh drops. The target is a checked path of
// this site and the query and hash cannot change the origin; the origin is checked anyway, as before every
// client-side redirect (common/safe-url.ts).
export const REDIRECT_SCRIPT =
  "var m=document.querySelector('meta[http-equiv=refresh]');if(m){var u=new URL(m.content.slice(m.content.indexOf('url=')+4)+location.search+location.hash,location.href);if(u.origin===location.origin)location.replace(u.href)}";

/** A redirect page's own policy: its one script, nothing else inline. */
const REDIRECT_POLICY = metaPolicy([REDIRECT_SCRIPT]);

/** The redirect pages as [path inside the output folder, HTML]. */
export function redirectFiles(
  redirects: Redirect[],
  siteUrl: string,
  lang: (route: string) => string,
): [string, string][] {
  return redirects.map(({ route, to }) => {
    const target = escapeAttr(to);
    const html =
      `<!doctype html><html lang="${escapeAttr(lang(route))}"><head><meta charset="utf-8">` +
      `<meta http-equiv="Content-Security-Policy" content="${REDIRECT_POLICY}"><title>Redirecting…</title>` +
      `<meta name="robots" content="noindex">` +
      (siteUrl ? `<link rel="canonical" href="${escapeAttr(siteUrl + to.split('#')[0])}">` : '') +
      `<meta http-equiv="refresh" content="0; url=${target}"><script>${REDIRECT_SCRIPT}</script></head>` +
      `<body><p><a href="${target}">${target}</a></p></body></html>\n`;
    return [outputFileOfRoute(route), html];
  });
}
