// `:::tip` / `:::info` / `:::warning` / `:::danger` / `:::details` callouts with localized default titles.
import type { MarkdownIt } from './env.ts';
import container from 'markdown-it-container';
import type { UiTexts } from '../../common/types.ts';
import type { MarkdownEnv } from './env.ts';

export const CALLOUT_KINDS = ['tip', 'info', 'warning', 'danger', 'details'] as const;
type Kind = (typeof CALLOUT_KINDS)[number];

const TITLE_KEY: Record<Kind, keyof UiTexts> = {
  tip: 'tipTitle',
  info: 'infoTitle',
  warning: 'warningTitle',
  danger: 'dangerTitle',
  details: 'detailsTitle',
};

export function containersPlugin(md: MarkdownIt): void {
  for (const kind of CALLOUT_KINDS) {
    md.use(container, kind, {
      render(
        tokens: { info: string; nesting: number; map: [number, number] | null }[],
        idx: number,
        _options: unknown,
        env: MarkdownEnv,
      ) {
        const token = tokens[idx];
        if (token.nesting !== 1) return kind === 'details' ? '</details>\n' : '</div>\n';
        const custom = token.info.trim().slice(kind.length).trim();
        // The title is rendered on its own, as line 1 of a one-line document: its links are reported at the
        // container's line. The env is the page's (what the render collects goes to the page) but for that offset.
        const titleEnv: MarkdownEnv = Object.create(env, {
          lineOffset: { value: env.lineOffset + (token.map?.[0] ?? 0) },
        });
        const title = md.renderInline(custom || env.texts[TITLE_KEY[kind]], titleEnv);
        if (kind === 'details') return `<details class="callout callout-details"><summary>${title}</summary>\n`;
        return `<div class="callout callout-${kind}"><p class="callout-title">${title}</p>\n`;
      },
    });
  }
}
