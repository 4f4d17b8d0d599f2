// Heading ids (`{#custom-id}` or a slug of the text), permalink anchors, and the page's toc.
import type { MarkdownIt } from './env.ts';
import type { StateCore } from 'markdown-it';
import type { Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { slug as githubSlug } from 'github-slugger';
import type { MarkdownEnv } from './env.ts';

const CUSTOM_ID = /\s*\{#([^{}\s]+)\}\s*$/;

/** Lower-case, spaces to dashes, punctuation dropped; letters of every script kept (Chinese ids work). */
export function slugify(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type HeadingIds = 'github' | 'compact';

/** The slug rule of `markdown.headingIds`: github-slugger's (GitHub, Rspress, VitePress) or the compact one above. */
export const slugifiers: Record<HeadingIds, (text: string) => string> = {
  github: (text) => githubSlug(text.trim()),
  compact: slugify,
};

function inlineText(children: Token[] | null): string {
  return (children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('')
    .trim();
}

export function headingsPlugin(md: MarkdownIt, headingIds: HeadingIds = 'compact'): void {
  const slugOf = slugifiers[headingIds];
  // github: the H1 gets an id too, as on GitHub and Rspress, so a later `## Same text` is `#same-text-1` there
  // and here (its permalink is left out: the H1 is the page's title).
  const firstLevel = headingIds === 'github' ? 1 : 2;
  // Every heading's id, decided here before markdown-it-anchor (which keeps given ids and only adds the
  // permalinks). Explicit ids (`## Title {#id}`) are taken first, so an automatic id never takes an explicit
  // one's slot (`#commands` always lands on the heading that says {#commands}); automatic ids that repeat get
  // -1, -2… past any explicit id. An explicit id that another heading's automatic id also is, is an error: a
  // link to it would be ambiguous to the author, and one of the two headings would silently get another id.
  md.core.ruler.push('heading_ids', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    const lineOf = (token: Token) => env.lineOffset + (token.map?.[0] ?? 0) + 1;
    const explicit = new Map<string, number>();
    const automatic: { token: Token; text: string }[] = [];
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const inline = state.tokens[i + 1];
      const last = inline.children?.[inline.children.length - 1];
      const match = last?.type === 'text' ? CUSTOM_ID.exec(last.content) : null;
      if (!match || !last) {
        if (Number(token.tag.slice(1)) >= firstLevel) automatic.push({ token, text: inlineText(inline.children) });
        return;
      }
      last.content = last.content.slice(0, match.index);
      inline.content = inline.content.replace(CUSTOM_ID, '');
      const id = match[1];
      const line = lineOf(token);
      if (explicit.has(id)) {
        env.problems.push({
          file: env.file,
          line,
          message: `heading id "#${id}" is used twice (first on line ${explicit.get(id)})`,
          fix: `give one of the headings another {#id}`,
        });
        return;
      }
      explicit.set(id, line);
      token.attrSet('id', id);
    });
    const used = new Set(explicit.keys());
    for (const { token, text } of automatic) {
      const slug = slugOf(text);
      // The H1 (github ids only) is the page's title, which no link needs: it yields to an explicit id quietly.
      if (explicit.has(slug) && token.tag !== 'h1') {
        env.problems.push({
          file: env.file,
          line: explicit.get(slug),
          message: `heading id {#${slug}} is also the automatic id of the heading "${text}" on line ${lineOf(token)}`,
          fix: `give this heading another {#id}, or the one on line ${lineOf(token)} its own (${'#'.repeat(Number(token.tag.slice(1)))} ${text} {#…})`,
        });
      }
      let id = slug;
      for (let n = 1; used.has(id); n++) id = `${slug}-${n}`;
      used.add(id);
      token.attrSet('id', id);
    }
  });

  md.use(anchor, {
    level: headingIds === 'github' ? [1, 2, 3, 4, 5, 6] : [2, 3, 4, 5, 6],
    slugify: slugOf,
    tabIndex: false,
    failOnNonUnique: false,
    // markdown-it-anchor types the state loosely (unknown): it is markdown-it's StateCore.
    permalink(slug: string, _opts: unknown, anchorState: unknown, idx: number) {
      const state = anchorState as StateCore;
      const env = state.env as MarkdownEnv;
      if (state.tokens[idx].tag === 'h1') return;
      const inline = state.tokens[idx + 1];
      const title = inlineText(inline.children);
      const open = new state.Token('link_open', 'a', 1);
      open.attrs = [
        ['class', 'header-anchor'],
        ['href', `#${slug}`],
        ['aria-label', `${env.texts.permalinkText} “${title}”`],
      ];
      const symbol = new state.Token('html_inline', '', 0);
      symbol.content = '#';
      inline.children?.push(open, symbol, new state.Token('link_close', 'a', -1));
    },
  });

  // Collect the toc (depth 2–4), every id (for anchor checks) and the H1 text.
  md.core.ruler.push('heading_toc', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    const lineStarts = lineStartOffsets(state.src);
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const depth = Number(token.tag.slice(1));
      const text = inlineText(state.tokens[i + 1].children);
      if (depth === 1 && env.headingTitle === undefined) env.headingTitle = text;
      const id = token.attrGet('id');
      if (typeof id !== 'string' || !id) return;
      env.ids.push(id);
      if (depth >= 2 && depth <= 4) {
        env.toc.push({ text, id, depth, charIndex: lineStarts[token.map?.[0] ?? 0] ?? 0 });
      }
    });
  });
}

function lineStartOffsets(src: string): number[] {
  const starts = [0];
  for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
