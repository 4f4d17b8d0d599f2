// Fenced code: shiki highlighting, `title="…"`, `{1,3-4}` line marks, line numbers, copy/wrap controls,
// `::: code-group` tabs and the `pm` fence (package-manager tabs). Tabs are radio groups: they work without JS.
import type { MarkdownIt } from './env.ts';
import container from 'markdown-it-container';
import type { Token } from 'markdown-it';
import { escapeHtml } from '../escape-html.ts';
import type { CodeHighlighter, CodeRequest } from '../highlight.ts';
import type { MarkdownEnv } from './env.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PmTabsView } from '../../common/views/pm-tabs.tsx';
import { ShadowRoot } from '../../common/views/shadow-root.tsx';
import { derivePmCommands, PACKAGE_MANAGERS } from './pm.ts';

/** <pm-tabs>' own UI as the widget draws it (the first tab chosen; the boot script applies a remembered choice). */
const PM_TABS_SHADOW = renderToStaticMarkup(
  createElement(ShadowRoot, {
    tag: 'pm-tabs',
    children: createElement(PmTabsView, { names: [...PACKAGE_MANAGERS], selected: 0, group: 'pm' }),
  }),
);

export interface FenceMeta {
  lang: string;
  title?: string;
  lines: number[];
  lineNumbers?: boolean;
  isDefault: boolean;
}

/** Parses ```` ```ts title="a.ts" {1,3-4} showLineNumbers default ````. */
export function parseFenceInfo(info: string): FenceMeta {
  const lang = info.trim().split(/\s+/)[0] ?? '';
  // `no-run="reason"`, `signature="…"` and `fixture='<markup>'` are for the examples check (test/examples); their
  // words must not read as flags here.
  const rest = info
    .trim()
    .slice(lang.length)
    .replace(/\bno-run(?:=(?:"[^"]*"|'[^']*'|\S*))?/, '')
    .replace(/(^|\s)signature(?:=(?:"[^"]*"|'[^']*'|\S*))?(?=\s|$)/, '$1')
    .replace(/(?:^|\s)fixture=(?:"[^"]*"|'[^']*')/, ' ');
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(rest);
  const range = /\{([\d,\s-]+)\}/.exec(rest);
  const lines: number[] = [];
  for (const part of range?.[1].split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (!Number.isFinite(from)) continue;
    for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) lines.push(n);
  }
  const withoutTitle = rest.replace(title?.[0] ?? '', '');
  return {
    lang,
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    lines,
    lineNumbers: /\bshowLineNumbers\b/.test(withoutTitle)
      ? true
      : /\bhideLineNumbers\b/.test(withoutTitle)
        ? false
        : undefined,
    isDefault: /\bdefault\b/.test(withoutTitle),
  };
}

/**
 * The code blocks of a Markdown file as the fence renderer below will ask the highlighter for them (`pm`
 * blocks as their four commands), found by a line scan without parsing: for highlighting ahead of rendering.
 */
export function scanCodeBlocks(markdown: string): CodeRequest[] {
  const out: CodeRequest[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`);
    const indentation = new RegExp(`^ {0,${indent.length}}`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    const code = lines
      .slice(i + 1, end)
      .map((line) => line.replace(indentation, ''))
      .join('\n');
    const meta = parseFenceInfo(info);
    if (meta.lang !== 'pm') out.push({ code, lang: meta.lang, lines: meta.lines });
    else {
      try {
        const commands = derivePmCommands(code);
        for (const pm of PACKAGE_MANAGERS) out.push({ code: commands[pm], lang: 'bash' });
      } catch {
        // Reported when the page renders.
      }
    }
    i = end;
  }
  return out;
}

function renderBlock(highlighter: CodeHighlighter, code: string, meta: FenceMeta, env: MarkdownEnv): string {
  const numbered = meta.lineNumbers ?? env.showLineNumbers;
  const classes = ['code-block', numbered ? 'line-numbers' : ''].filter(Boolean).join(' ');
  const title = meta.title ? `<div class="code-title">${escapeHtml(meta.title)}</div>` : '';
  const { copyCodeText, toggleWrapText } = env.texts;
  return (
    `<div class="${classes}" data-lang="${escapeHtml(meta.lang || 'text')}">${title}<div class="code-body">` +
    highlighter.request(code, meta.lang, meta.lines) +
    `<div class="code-actions">` +
    `<button type="button" class="code-wrap-btn" title="${toggleWrapText}" aria-label="${toggleWrapText}" aria-pressed="false"></button>` +
    `<button type="button" class="code-copy-btn" title="${copyCodeText}" aria-label="${copyCodeText}"></button>` +
    `</div></div></div>\n`
  );
}

/** Opens a radio-button tab strip; the block of the checked tab shows (CSS only). Close with `</div></div>`. */
export function openTabs(env: MarkdownEnv, labels: string[], selected: number, className = ''): string {
  const name = `tabs-${env.uid++}`;
  const inputs = labels
    .map(
      (label, i) =>
        `<input type="radio" name="${name}" id="${name}-${i}" value="${i}"${i === selected ? ' checked' : ''}>` +
        `<label for="${name}-${i}">${escapeHtml(label)}</label>`,
    )
    .join('');
  return `<div class="code-group${className ? ` ${className}` : ''}"><div class="tabs">${inputs}</div><div class="blocks">`;
}

export function codePlugin(md: MarkdownIt, highlighter: CodeHighlighter): void {
  md.renderer.rules.fence = (tokens, idx, _options, renderEnv) => {
    const env = renderEnv as MarkdownEnv;
    const token = tokens[idx];
    const code = token.content.replace(/\n$/, '');
    const meta = parseFenceInfo(token.info);
    env.codeTexts.push(code);
    if (meta.lang === 'pm') return renderPm(code, token, env);
    return renderBlock(highlighter, code, meta, env);
  };

  function renderPm(code: string, token: Token, env: MarkdownEnv): string {
    try {
      const commands = derivePmCommands(code);
      const blocks = PACKAGE_MANAGERS.map((pm) =>
        renderBlock(highlighter, commands[pm], { lang: 'bash', lines: [], isDefault: false }, env),
      );
      return `<pm-tabs group="pm">${PM_TABS_SHADOW}${openTabs(env, [...PACKAGE_MANAGERS], 0, 'pm-group')}${blocks.join('')}</div></div></pm-tabs>\n`;
    } catch (error) {
      env.problems.push({
        file: env.file,
        line: env.lineOffset + (token.map?.[0] ?? 0) + 1,
        message: `pm block: ${(error as Error).message}`,
        fix: 'write one npm command in the block, e.g. npm install -D @rstest/core',
      });
      return '';
    }
  }

  // `::: code-group`: the fences inside become tabs named by their titles.
  md.use(container, 'code-group', {
    render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
      if (tokens[idx].nesting !== 1) return '</div></div>\n';
      const fences: FenceMeta[] = [];
      for (let depth = 0, i = idx + 1; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.type === 'container_code-group_open') depth++;
        if (t.type === 'container_code-group_close' && depth-- === 0) break;
        if (t.type === 'fence' && depth === 0) fences.push(parseFenceInfo(t.info));
      }
      const selected = Math.max(
        0,
        fences.findIndex((f) => f.isDefault),
      );
      return `${openTabs(
        env,
        fences.map((f) => f.title ?? f.lang),
        selected,
      )}\n`;
    },
  });
}
