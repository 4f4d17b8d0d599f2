// The site's markdown-it: GitHub tables, raw HTML, and our plugins (headings, containers, code, links).
import MarkdownItConstructor from 'markdown-it';
import type { CodeHighlighter } from '../highlight.ts';
import { codePlugin } from './code.ts';
import { containerChecksPlugin } from './container-checks.ts';
import { CALLOUT_KINDS, containersPlugin } from './containers.ts';
import type { MarkdownEnv, MarkdownIt } from './env.ts';
import { htmlChecksPlugin } from './html-checks.ts';
import { headingsPlugin, type HeadingIds } from './headings.ts';
import { linksPlugin } from './links.ts';
import { alertsPlugin, EXTRA_CALLOUT_KINDS } from './alerts.ts';
import { imagesPlugin } from './images.ts';
import { mdxPlugin } from './mdx.ts';
import { tocPlugin } from './toc.ts';

export type { MarkdownEnv } from './env.ts';

export interface MarkdownOptions {
  highlighter: CodeHighlighter;
  /** The locale-neutral route of the page being rendered (for relative links). */
  currentRoute: (env: MarkdownEnv) => string;
  /** The site's `markdown.headingIds` (default `compact`, the rule of the tests' renders). */
  headingIds?: HeadingIds;
  /** MDX pages (`.mdx`): no indented code blocks, as in MDX. */
  mdx?: boolean;
}

export function createMarkdown({ highlighter, currentRoute, headingIds, mdx }: MarkdownOptions): MarkdownIt {
  const md = new MarkdownItConstructor({ html: true, linkify: false, typographer: false });
  headingsPlugin(md, headingIds);
  containersPlugin(md);
  codePlugin(md, highlighter);
  linksPlugin(md, currentRoute);
  // The forms of Rspress/VitePress pages: more callout kinds and GitHub alerts, MDX, [[toc]], co-located images.
  alertsPlugin(md);
  mdxPlugin(md);
  tocPlugin(md);
  imagesPlugin(md);
  if (mdx) md.block.ruler.disable('code');
  containerChecksPlugin(md, [...CALLOUT_KINDS, ...EXTRA_CALLOUT_KINDS, 'code-group']);
  htmlChecksPlugin(md);
  // Tables scroll on their own instead of widening the page; the scroll box takes keyboard focus so that a
  // keyboard can scroll it too (axe: scrollable-region-focusable, at 375 px).
  md.renderer.rules.table_open = () => '<div class="table-wrap" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}
