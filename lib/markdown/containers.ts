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
      render(tokens: { info: string; nesting: number }[], idx: number, _options: unknown, env: MarkdownEnv) {
        const token = tokens[idx];
        if (token.nesting !== 1) return kind === 'details' ? '</details>\n' : '</div>\n';
        const custom = token.info.trim().slice(kind.length).trim();
        const title = md.renderInline(custom || env.texts[TITLE_KEY[kind]], env);
        if (kind === 'details') return `<details class="callout callout-details"><summary>${title}</summary>\n`;
        return `<div class="callout callout-${kind}"><p class="callout-title">${title}</p>\n`;
      },
    });
  }
}
