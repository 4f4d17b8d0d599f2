// The callouts other docs tools write, rendered as ours (lib/markdown/containers.ts):
// - `:::note`, `:::important`, `:::caution` (Rspress, VitePress, Docusaurus), titles as for `:::tip Title`;
// - GitHub alerts: `> [!NOTE]`, `> [!TIP]`, `> [!IMPORTANT]`, `> [!WARNING]`, `> [!CAUTION]`, with an optional
//   title after the marker (`> [!TIP] Faster runs`).
// note looks like info, important like tip, caution like danger; each also has its own class (`callout-note`).
import container from 'markdown-it-container';
import type { StateCore, Token } from 'markdown-it';
import type { UiTexts } from '../../common/types.ts';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

const EXTRA_KINDS = { note: 'info', important: 'tip', caution: 'danger' } as const;
/** The container kinds this plugin adds (the build's container check must know them). */
export const EXTRA_CALLOUT_KINDS = Object.keys(EXTRA_KINDS);
type ExtraKind = keyof typeof EXTRA_KINDS;

const ALERTS: Record<string, { look: string; kind: string; title: keyof UiTexts }> = {
  NOTE: { look: 'info', kind: 'note', title: 'noteTitle' },
  TIP: { look: 'tip', kind: 'tip', title: 'tipTitle' },
  IMPORTANT: { look: 'tip', kind: 'important', title: 'importantTitle' },
  WARNING: { look: 'warning', kind: 'warning', title: 'warningTitle' },
  CAUTION: { look: 'danger', kind: 'caution', title: 'cautionTitle' },
};

const TITLE_KEY: Record<ExtraKind, keyof UiTexts> = {
  note: 'noteTitle',
  important: 'importantTitle',
  caution: 'cautionTitle',
};

const classes = (look: string, kind: string) => `callout callout-${look}${kind === look ? '' : ` callout-${kind}`}`;

export function alertsPlugin(md: MarkdownIt): void {
  for (const kind of Object.keys(EXTRA_KINDS) as ExtraKind[]) {
    md.use(container, kind, {
      render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
        const token = tokens[idx];
        if (token.nesting !== 1) return '</div>\n';
        const custom = token.info.trim().slice(kind.length).trim();
        const title = md.renderInline(custom || env.texts[TITLE_KEY[kind]], env);
        return `<div class="${classes(EXTRA_KINDS[kind], kind)}"><p class="callout-title">${title}</p>\n`;
      },
    });
  }

  // `> [!NOTE]`: the blockquote becomes a callout; its first line, the marker, becomes the title.
  md.core.ruler.after('block', 'github_alerts', (state: StateCore) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'blockquote_open') continue;
      const inline = tokens[i + 2];
      if (tokens[i + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
      const match = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*([^\n]*)(?:\n|$)/i.exec(inline.content);
      if (!match) continue;
      const alert = ALERTS[match[1].toUpperCase()];
      // The matching close: the next blockquote_close at the same nesting.
      let depth = 0;
      let close = -1;
      for (let j = i + 1; j < tokens.length; j++) {
        if (tokens[j].type === 'blockquote_open') depth++;
        if (tokens[j].type === 'blockquote_close' && depth-- === 0) {
          close = j;
          break;
        }
      }
      if (close === -1) continue;
      const open = new state.Token('github_alert_open', 'div', 1);
      open.block = true;
      open.meta = { classes: classes(alert.look, alert.kind), title: match[2].trim(), titleKey: alert.title };
      open.map = tokens[i].map;
      tokens[i] = open;
      const end = new state.Token('github_alert_close', 'div', -1);
      end.block = true;
      tokens[close] = end;
      inline.content = inline.content.slice(match[0].length);
      if (inline.content.trim() === '') {
        // The marker was the paragraph's only line: drop the paragraph.
        tokens.splice(i + 1, 3);
      }
    }
  });
  md.renderer.rules.github_alert_open = (tokens, idx, _options, renderEnv) => {
    const env = renderEnv as MarkdownEnv;
    const {
      classes: cls,
      title,
      titleKey,
    } = tokens[idx].meta as { classes: string; title: string; titleKey: keyof UiTexts };
    return `<div class="${cls}"><p class="callout-title">${md.renderInline(title || env.texts[titleKey], env)}</p>\n`;
  };
  md.renderer.rules.github_alert_close = () => '</div>\n';
}
