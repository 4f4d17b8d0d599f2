// The Content-Security-Policy the built site works under: scripts from the site itself plus, by hash, the inline
// scripts it writes (the boot script on every page, the 404 page's script, the redirect pages' script); styles
// from the site plus, by hash, the stylesheets the pages carry inline (every page's, the home page's) — no
// style attribute and no other <style> (highlighting is classes, widgets and the runtime adopt constructed
// stylesheets). Every built page carries what decides whether a script runs (script-src, object-src, base-uri) in
// a <meta http-equiv> tag, first in its <head>, so that holds on any static host; the whole policy is written as a
// _headers file example (`_headers.example` in the output, for hosts such as Netlify and Cloudflare Pages) and
// printed. style-src is left to the header: its eight hashes are ~380 B of gzip on every page, which would push a
// doc page's first response past TCP's first window (bench:build), and a stylesheet runs no script.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PageAssets } from './model.ts';

export const CSP_EXAMPLE_FILE = '_headers.example';

/** The CSP source of an inline script or style: its text exactly as between the opening and closing tags. */
export function sourceHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The policy for these inline scripts and styles; without `inlineStyles`, no style-src (a <meta>'s, see above). */
export function contentSecurityPolicy(inlineScripts: string[], inlineStyles?: string[]): string {
  const sources = (texts: string[]) => ["'self'", ...[...new Set(texts)].map(sourceHash)].join(' ');
  return [
    `script-src ${sources(inlineScripts)}`,
    ...(inlineStyles ? [`style-src ${sources(inlineStyles)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** The policy as a `_headers` file for every path under the base. */
export function headersExample(base: string, policy: string): string {
  return (
    `# The Content-Security-Policy this build works under (${CSP_EXAMPLE_FILE}, written by npm run build).\n` +
    '# Netlify and Cloudflare Pages read a file named _headers at the root of the site; elsewhere, send the header\n' +
    '# the way the host allows. The hashes change when the inline scripts and styles do: take the file from each build.\n' +
    `${base}*\n  Content-Security-Policy: ${policy}\n`
  );
}

/**
 * The policy of the site's pages: their inline scripts and every inline stylesheet of the site (a client-side page
 * change brings another page type's sheets and widgets into the same document, under the first page's policy).
 */
export function pagesPolicy(
  assets: Pick<PageAssets, 'inline' | 'css' | 'shadowStyles'>,
  scripts: string[] = [],
): string {
  const styles = [...assets.css, ...Object.values(assets.shadowStyles)].flatMap((style) =>
    style?.text ? [style.text] : [],
  );
  return contentSecurityPolicy([assets.inline.boot, assets.inline.notFound, ...scripts], styles);
}

/** The part of the policy a page carries in its <meta>, for these inline scripts: all but style-src (see above). */
export const metaPolicy = (inlineScripts: string[]): string => contentSecurityPolicy(inlineScripts);

/** The base path and the policy of the `_headers.example` a build wrote into `dir` (see headersExample). */
export function readHeadersExample(dir: string): { base: string; policy: string } | undefined {
  const file = path.join(dir, CSP_EXAMPLE_FILE);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const policy = /Content-Security-Policy: (.*)/.exec(text)?.[1];
  return policy ? { base: /^(\/\S*)\*$/m.exec(text)?.[1] ?? '/', policy } : undefined;
}
