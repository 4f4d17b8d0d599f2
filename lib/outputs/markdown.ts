// The Markdown a page publishes (`<route>.md`, and llms-full.txt): the author's source, made right for a reader
// who has only this file. Links are written locale-neutral and base-less (`/config/test/retry`), which the HTML
// fixes at build time; here they become absolute URLs of the site (base and language applied, pages as their
// `.md` sibling), and the `{#id}` heading syntax goes. Code (fenced, indented or inline) is left as written.
import MarkdownIt from 'markdown-it';
import { hrefOfRoute, localizeRoute, markdownPathOfRoute, withBase, type RouteContext } from '../../common/routes.ts';
import { resolveLink } from '../markdown/links.ts';

/** Block structure only: which lines are code (inline parsing, a third of the time, is switched off). */
const blocks = new MarkdownIt({ html: true });
blocks.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join']);

/** Lines (0-based, end exclusive) of fenced and indented code in `source`. */
function codeLines(source: string): Set<number> {
  const lines = new Set<number>();
  for (const token of blocks.parse(source, {})) {
    if ((token.type === 'fence' || token.type === 'code_block') && token.map) {
      for (let i = token.map[0]; i < token.map[1]; i++) lines.add(i);
    }
  }
  return lines;
}

const INLINE_LINK = /(\]\(\s*)(<[^>\n]*>|[^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*)/g;
/** A reference definition: label, destination, an optional title and nothing else on the line. */
const REFERENCE = /^(\s{0,3}\[[^\]\n]+\]:\s*)(<[^>\n]*>|\S+)(?=(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*$)/;
const HTML_ATTR = /(<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*)(["'])(.*?)\2/gi;
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\{#[^{}\s]+\}\s*$/;
/** Inline code: a run of backticks, then text, up to the next run of the same length. */
const CODE_SPAN = /(`+)[^`][\s\S]*?(?<!`)\1(?!`)/g;

/** Applies `rewrite` to the parts of a line outside inline code. */
function outsideCode(line: string, rewrite: (text: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(CODE_SPAN)) {
    out += rewrite(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + rewrite(line.slice(last));
}

/**
 * The published Markdown of a page: `body` (the source without front matter) headed by `# title` when it has no
 * H1, every link and image destination passed through `link` (which returns it unchanged for external ones).
 */
export function publishedMarkdown(body: string, title: string, link: (href: string) => string): string {
  const trimmed = body.replace(/^\s+/, '');
  const source = /^#\s/.test(trimmed) ? trimmed : `# ${title}\n\n${trimmed}`;
  const code = codeLines(source);
  const destination = (dest: string) => (dest.startsWith('<') ? `<${link(dest.slice(1, -1))}>` : link(dest));
  return source
    .split('\n')
    .map((line, i) => {
      if (code.has(i)) return line;
      const heading = HEADING_ID.exec(line);
      const text = heading ? heading[1] : line;
      const reference = REFERENCE.exec(text);
      if (reference) return reference[1] + destination(reference[2]) + text.slice(reference[0].length);
      return outsideCode(text, (part) =>
        part
          .replace(INLINE_LINK, (_, open: string, dest: string) => open + destination(dest))
          .replace(HTML_ATTR, (whole: string, open: string, quote: string, value: string) => {
            const written = value.replace(/&amp;/g, '&');
            const href = link(written);
            return href === written ? whole : `${open}${quote}${href.replace(/&/g, '&amp;')}${quote}`;
          }),
      );
    })
    .join('\n');
}

/**
 * How the published Markdown of a page writes a link: pages as the absolute URL of their `.md` (the reader of
 * this file reads Markdown), static files and images as their absolute URL, same-page anchors on the page's own
 * `.md`; all with the base and the page's language and version. Without `siteUrl`, root-relative with the base.
 * External links and malformed ones (reported by the build) are kept.
 */
export function publishedLinks(
  ctx: RouteContext,
  siteUrl: string,
  page: { lang: string; version: string; neutralRoute: string; route: string },
): (href: string) => string {
  const localize = (route: string) => localizeRoute(ctx, route, page.lang, page.version);
  const markdownOf = (route: string) => `${siteUrl}${markdownPathOfRoute(hrefOfRoute(ctx, route))}`;
  return (href) => {
    const target = resolveLink(href, { localize }, page.neutralRoute);
    if (target.kind === 'page') return markdownOf(target.route) + target.suffix;
    if (target.kind === 'file') return `${siteUrl}${withBase(ctx.base, target.route)}${target.suffix}`;
    if (target.kind === 'anchor') return markdownOf(page.route) + href;
    return href;
  };
}
