// Links and images, in Markdown and in raw HTML (`<a href>`, `<img src>`): internal links get the page's
// language, version and base, images and other static files the base; each is recorded for the dead-link and
// missing-file checks (lib/site.ts). External links open in a new tab. Images get lazy loading and the zoom marker.
import type { MarkdownIt } from './env.ts';
import type { StateCore, Token } from 'markdown-it';
import type { LinkRef, MarkdownEnv } from './env.ts';

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const STATIC_FILE = /\.(?!md$|html$)[a-z\d]+$/i;

/** What a link or image source written in a page points to. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'anchor'; hash: string }
  /** A page: its localized route (no base) and what followed the path as written (`#hash`). */
  | { kind: 'page'; route: string; hash: string; suffix: string }
  /** A static file of content/public: its path (no base, no language). */
  | { kind: 'file'; route: string; hash: string; suffix: string }
  /** An escape that does not decode (`#%E0%A4%A`): reported, left as written. */
  | { kind: 'malformed' };

/**
 * Resolves `href` as written on the page whose locale-neutral route is `current`: relative paths against it,
 * `.md` and `/index` dropped, the locale applied to pages (not to files: `/logo.svg` is the same in every
 * language). Images are always files.
 */
export function resolveLink(
  written: string,
  env: Pick<MarkdownEnv, 'localize'>,
  current: string,
  image = false,
): LinkTarget {
  // As a browser reads an attribute's URL: without the spaces and control characters around it.
  const href = written.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (EXTERNAL.test(href)) return { kind: 'external' };
  const hashAt = href.indexOf('#');
  const pathPart = hashAt === -1 ? href : href.slice(0, hashAt);
  const suffix = hashAt === -1 ? '' : href.slice(hashAt);
  let hash: string;
  try {
    hash = decodeURIComponent(suffix.slice(1));
  } catch {
    return { kind: 'malformed' };
  }
  if (pathPart === '') return { kind: 'anchor', hash };
  const neutral = pathPart.startsWith('/') ? pathPart : new URL(pathPart, `http://x${current}`).pathname;
  if (image || STATIC_FILE.test(neutral)) return { kind: 'file', route: neutral, hash, suffix };
  return { kind: 'page', route: env.localize(neutral.replace(/\.md$/, '').replace(/\/index$/, '/')), hash, suffix };
}

/**
 * Records a link or image for the checks and returns its href for the page (undefined: leave it as written).
 * `line` is where it is written, for the error messages.
 */
function visit(
  href: string,
  line: number,
  kind: LinkRef['kind'],
  env: MarkdownEnv,
  current: string,
): string | undefined {
  const target = resolveLink(href, env, current, kind === 'image');
  switch (target.kind) {
    case 'external':
      return undefined;
    case 'malformed':
      env.problems.push({
        file: env.file,
        line,
        message: `${kind === 'image' ? 'image' : 'link'} "${href}" has a malformed %-escape after "#"`,
        fix: 'write the heading id as it is (#配置文件), or percent-encode each of its UTF-8 bytes (%E9%85%8D…)',
      });
      return undefined;
    case 'anchor':
      env.links.push({ href, route: '', hash: target.hash, line, kind });
      return undefined;
    case 'file':
      env.links.push({ href, route: target.route, hash: '', line, kind });
      return env.fileHref(target.route) + target.suffix;
    case 'page':
      env.links.push({ href, route: target.route, hash: target.hash, line, kind });
      return env.href(target.route) + target.suffix;
  }
}

// Raw HTML: comments are skipped (a commented-out link is no link), `<a>` and `<img>` tags are looked at.
const TAG = /<!--[\s\S]*?-->|<(a|img)\b[^>]*>/gi;
const attribute = (name: string) => new RegExp(`(\\s${name}\\s*=\\s*)(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i');
const HREF = attribute('href');
const SRC = attribute('src');
const unescapeAttr = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Raw HTML with its links and images checked and rewritten like Markdown ones; `line` is its first line. */
function rewriteHtml(html: string, line: number, env: MarkdownEnv, current: string): string {
  return html.replace(TAG, (tag: string, name: string | undefined, offset: number) => {
    if (!name) return tag;
    const image = name.toLowerCase() === 'img';
    const match = (image ? SRC : HREF).exec(tag);
    if (!match) return tag;
    const value = unescapeAttr(match[2] ?? match[3] ?? match[4] ?? '');
    const at = line + (html.slice(0, offset).match(/\n/g)?.length ?? 0);
    const href = visit(value, at, image ? 'image' : 'link', env, current);
    let out = href === undefined ? tag : tag.replace(match[0], `${match[1]}"${escapeAttr(href)}"`);
    // External links open in a new tab, like Markdown ones, unless the author said otherwise.
    if (!image && /^(?:https?:)?\/\//i.test(value) && !/\srel\s*=/i.test(out)) {
      out = out.replace(
        /\s*\/?>$/,
        (end) => `${/\starget\s*=/i.test(out) ? '' : ' target="_blank"'} rel="noopener noreferrer"${end}`,
      );
    }
    return out;
  });
}

export function linksPlugin(md: MarkdownIt, currentRoute: (env: MarkdownEnv) => string): void {
  md.core.ruler.push('site_links', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    const current = currentRoute(env);
    for (const block of state.tokens) {
      if (block.type === 'html_block') {
        block.content = rewriteHtml(block.content, env.lineOffset + (block.map?.[0] ?? 0) + 1, env, current);
        continue;
      }
      if (block.type !== 'inline' || !block.children) continue;
      // The line of each link, not of its paragraph: count the line breaks before it.
      let line = env.lineOffset + (block.map?.[0] ?? 0) + 1;
      for (const token of block.children) {
        if (token.type === 'softbreak' || token.type === 'hardbreak') line++;
        if (token.type === 'html_inline') {
          token.content = rewriteHtml(token.content, line, env, current);
          line += token.content.split('\n').length - 1;
        }
        if (token.type === 'image') {
          const src = String(token.attrGet('src') ?? '');
          // A relative Markdown image (`./diagram.png`) is the page's own file, copied with it: lib/markdown/images.ts
          // rewrites and checks it.
          const href = /^\.\.?\//.test(src) ? undefined : visit(src, line, 'image', env, current);
          if (href !== undefined) token.attrSet('src', href);
          token.attrSet('loading', 'lazy');
          token.attrSet('decoding', 'async');
          token.attrSet('data-zoomable', '');
          continue;
        }
        if (token.type === 'link_open' && token.attrGet('class') !== 'header-anchor')
          linkOpen(token, line, env, current);
      }
    }
  });
}

function linkOpen(token: Token, line: number, env: MarkdownEnv, current: string): void {
  const written = String(token.attrGet('href') ?? '');
  if (EXTERNAL.test(written)) {
    if (/^https?:|^\/\//i.test(written)) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return;
  }
  const href = visit(written, line, 'link', env, current);
  if (href !== undefined) token.attrSet('href', href);
}
