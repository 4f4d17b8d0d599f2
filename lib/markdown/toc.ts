// Headings of every outline depth (2–6, for `outline: deep` and ranges; the toc of lib/markdown/headings.ts has
// 2–4), and `[[toc]]`: a paragraph of just that becomes the page's table of contents (depths 2–3, as VitePress).
import type { StateCore } from 'markdown-it';
import { escapeHtml } from '../escape-html.ts';
import type { TocEntry } from '../../common/types.ts';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

const TOC_MARKER = /^\[\[toc\]\]$/i;
const TOC_DEPTHS = [2, 3];

function text(children: { type: string; content: string }[] | null): string {
  return (children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('')
    .trim();
}

/** Nested lists of the entries, by depth. */
export function tocHtml(entries: TocEntry[]): string {
  if (!entries.length) return '';
  const min = Math.min(...entries.map((e) => e.depth));
  let html = '<ul>';
  let depth = min;
  let open = false;
  for (const entry of entries) {
    while (depth < entry.depth) {
      html += open ? '<ul>' : '<li><ul>';
      depth++;
      open = false;
    }
    while (depth > entry.depth) {
      html += '</li></ul>';
      depth--;
    }
    if (open) html += '</li>';
    html += `<li><a href="#${escapeHtml(encodeURIComponent(entry.id))}">${escapeHtml(entry.text)}</a>`;
    open = true;
  }
  while (depth > min) {
    html += '</li></ul>';
    depth--;
  }
  return `${html}${open ? '</li>' : ''}</ul>`;
}

export function tocPlugin(md: MarkdownIt): void {
  md.core.ruler.push('full_toc', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    const full = (env.fullToc ??= []);
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.type === 'heading_open') {
        const depth = Number(token.tag.slice(1));
        const id = token.attrGet('id');
        if (depth >= 2 && typeof id === 'string' && id)
          full.push({ text: text(tokens[i + 1].children), id, depth, charIndex: 0 });
      }
      if (
        token.type === 'paragraph_open' &&
        tokens[i + 1]?.type === 'inline' &&
        TOC_MARKER.test(tokens[i + 1].content.trim())
      ) {
        const marker = new state.Token('docs_toc', 'nav', 0);
        marker.block = true;
        marker.map = token.map;
        tokens.splice(i, 3, marker);
      }
    }
    // charIndex as the outline's entries have it (the same headings, in the same order).
    for (const entry of full) entry.charIndex = env.toc.find((t) => t.id === entry.id)?.charIndex ?? entry.charIndex;
  });
  md.renderer.rules.docs_toc = (_tokens, _idx, _options, env) =>
    `<nav class="table-of-contents">${tocHtml(((env as MarkdownEnv).fullToc ?? []).filter((e) => TOC_DEPTHS.includes(e.depth)))}</nav>\n`;
}

/** The outline's entries for the front matter's `outline` (`deep`, a depth, `[from, to]`; else the toc as it is). */
export function outlineEntries(outline: unknown, toc: TocEntry[], full: TocEntry[]): TocEntry[] {
  const range =
    outline === 'deep'
      ? [2, 6]
      : typeof outline === 'number'
        ? [outline, outline]
        : Array.isArray(outline)
          ? outline
          : undefined;
  if (!range) return toc;
  return full.filter((e) => e.depth >= range[0] && e.depth <= range[1]);
}
