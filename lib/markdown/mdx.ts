// The MDX that Rspress and VitePress pages carry, in our static pipeline (no JSX is run):
// - `import …` / `export …` lines are removed (a warning names them, unless they only bring in components
//   mapped here), and `{/* comments */}` too;
// - `<Tabs defaultValue="…">` / `<Tab label="…">` become our tabs (radio groups, like `::: code-group`);
// - `<PackageManagerTabs command="…" />` becomes a `pm` block (Rspress's form: `add -D pkg`, `dlx`, or an
//   object `{ npm: '…', yarn: '…' }`);
// - `<Content />`, for `import Content from './part.md'`, renders that file in place (a shared partial);
// - any other component is left out with a warning (file:line); the text between its tags stays.
// In `.mdx` files indented code blocks are off, as in MDX: JSX children may be indented freely.
import fs from 'node:fs';
import path from 'node:path';
import type { StateBlock, StateCore, Token } from 'markdown-it';
import { escapeHtml } from '../escape-html.ts';
import { isInside, realPathOutside } from '../contained.ts';
import { openTabs } from './code.ts';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

/** Components imported from the theme that this plugin maps (their import lines need no warning). */
const MAPPED = new Set(['Tabs', 'Tab', 'PackageManagerTabs']);
const MAX_PARTIAL_DEPTH = 4;

export interface JsxTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Record<string, string | true | Record<string, string>>;
  /** Characters the tag takes in the source. */
  length: number;
}

/** Reads one JSX tag at `text[0]` (`<Name attr="x" flag expr={…} />`), across lines; undefined if it is not one. */
export function readJsxTag(text: string, lowercase = false): JsxTag | undefined {
  const head = (lowercase ? /^<(\/?)([a-z][\w.]*)/ : /^<(\/?)([A-Z][\w.]*)/).exec(text);
  if (!head) return undefined;
  const tag: JsxTag = { name: head[2], closing: head[1] === '/', selfClosing: false, attrs: {}, length: 0 };
  let i = head[0].length;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (rest.startsWith('/>')) {
      tag.selfClosing = true;
      tag.length = i + 2;
      return tag;
    }
    if (rest.startsWith('>')) {
      tag.length = i + 1;
      return tag;
    }
    const name = /^[A-Za-z_$][\w$:.-]*/.exec(rest);
    if (!name) return undefined;
    i += name[0].length;
    if (text[i] !== '=') {
      tag.attrs[name[0]] = true;
      continue;
    }
    i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      if (end === -1) return undefined;
      tag.attrs[name[0]] = text.slice(i + 1, end);
      i = end + 1;
    } else if (quote === '{') {
      const end = matchBrace(text, i);
      if (end === -1) return undefined;
      tag.attrs[name[0]] = expressionValue(text.slice(i + 1, end));
      i = end + 1;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** Index of the `}` closing the `{` at `start`, skipping strings and template literals. */
function matchBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** A JSX expression's value where it is a literal: a string, or an object of strings; else its source. */
function expressionValue(source: string): string | Record<string, string> {
  const trimmed = source.trim();
  const literal = /^(["'`])([\s\S]*)\1$/.exec(trimmed);
  if (literal && !(literal[1] === '`' && literal[2].includes('${'))) return literal[2];
  if (trimmed.startsWith('{') && trimmed.endsWith('}')) {
    const out: Record<string, string> = {};
    for (const m of trimmed.matchAll(/([\w$]+|"[^"]*"|'[^']*')\s*:\s*(["'`])([\s\S]*?)\2/g))
      out[m[1].replace(/^["']|["']$/g, '')] = m[3];
    if (Object.keys(out).length) return out;
  }
  return trimmed;
}

/** Rspress's `command` of <PackageManagerTabs> as the text of our `pm` block. */
export function pmBlockOfCommand(
  command: string | true | Record<string, string> | undefined,
  dlx: boolean,
): string | undefined {
  if (command && typeof command === 'object') {
    return Object.entries(command)
      .map(([pm, line]) => `${pm}: ${line}`)
      .join('\n');
  }
  if (typeof command !== 'string' || !command.trim()) return undefined;
  const cmd = command.trim();
  if (/^(npm|npx)\s/.test(cmd)) return cmd;
  // dlx: a package run without installing it (npx, yarn dlx, pnpm dlx, bunx).
  if (dlx) return `npm: npx ${cmd}\nyarn: yarn dlx ${cmd}\npnpm: pnpm dlx ${cmd}\nbun: bunx ${cmd}`;
  return `npm ${cmd.replace(/^add\b/, 'install')}`;
}

interface MdxEnv extends MarkdownEnv {
  /** Imported Markdown partials by component name → absolute file. */
  mdxPartials?: Map<string, string>;
  mdxDepth?: number;
}

function warn(env: MarkdownEnv, line: number, message: string, fix: string): void {
  (env.warnings ??= []).push({ file: env.file, line: env.lineOffset + line + 1, message, fix });
}

const lineText = (state: StateBlock, line: number) =>
  state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);

/** From `startLine`, the source up to the end of a JSX tag (or comment) that begins the line and ends a line. */
function blockTag(
  state: StateBlock,
  startLine: number,
  endLine: number,
  mdx: boolean,
): { tag?: JsxTag; comment?: boolean; endLine: number } | undefined {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const text = state.src.slice(start, state.eMarks[Math.min(endLine - 1, startLine + 40)]);
  if (text.startsWith('{/*')) {
    const end = text.indexOf('*/}');
    if (
      end === -1 ||
      text
        .slice(end + 3)
        .split('\n')[0]
        .trim() !== ''
    )
      return undefined;
    return { comment: true, endLine: startLine + text.slice(0, end).split('\n').length };
  }
  let tag = readJsxTag(text);
  // In MDX, an HTML wrapper (`<div style={{ … }}>`) holds Markdown children too.
  if (!tag && mdx && /^<\/?(div|section|figure|details|summary|center)\b/.test(text)) tag = readJsxTag(text, true);
  if (!tag) return undefined;
  // The tag must end its line (`<Tab label="x">` alone); a tag followed by text on its line is inline JSX.
  if (text.slice(tag.length).split('\n')[0].trim() !== '') return undefined;
  return { tag, endLine: startLine + text.slice(0, tag.length).split('\n').length };
}

/** JSX attributes as HTML: `className` → `class`, a style object → a style string, expressions dropped. */
function htmlAttributes(attrs: JsxTag['attrs']): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    const html = name === 'className' ? 'class' : name === 'htmlFor' ? 'for' : name;
    if (value === true) out += ` ${html}`;
    else if (typeof value === 'string') out += ` ${html}="${escapeHtml(value)}"`;
    else if (html === 'style') {
      const css = Object.entries(value)
        .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
        .join(';');
      out += ` style="${escapeHtml(css)}"`;
    }
  }
  return out;
}

/** The line of the `</Name>` closing a tag opened before `from` (nested ones of the same name skipped), or -1. */
function closingLine(state: StateBlock, name: string, from: number, endLine: number): number {
  const open = new RegExp(`^<${name.replace('.', '\\.')}(?=[\\s>])`);
  let depth = 0;
  for (let line = from; line < endLine; line++) {
    const text = lineText(state, line);
    if (text.startsWith(`</${name}>`)) {
      if (depth === 0) return line;
      depth--;
    } else if (open.test(text) && !/\/>\s*$/.test(text)) {
      depth++;
    }
  }
  return -1;
}

/** Parses lines [from, to) as blocks, their common indentation taken as the left margin. */
function tokenizeChildren(state: StateBlock, from: number, to: number): void {
  let indent = Infinity;
  for (let line = from; line < to; line++) if (!state.isEmpty(line)) indent = Math.min(indent, state.sCount[line]);
  const saved = { blkIndent: state.blkIndent, lineMax: state.lineMax, parentType: state.parentType };
  state.blkIndent = indent === Infinity ? saved.blkIndent : Math.max(saved.blkIndent, indent);
  state.lineMax = to;
  state.md.block.tokenize(state, from, to);
  Object.assign(state, saved);
}

export function mdxPlugin(md: MarkdownIt): void {
  // `import … from '…'` and `export …` at the start of a line (an ESM block ends at a blank line or the `from`).
  md.block.ruler.before(
    'paragraph',
    'mdx_esm',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      if (state.sCount[startLine] !== 0 || state.blkIndent !== 0) return false;
      const first = lineText(state, startLine);
      const imported = /^import\s/.test(first);
      if (!imported && !/^export\s+(?:const|let|var|function|default|async|\{)/.test(first)) return false;
      if (silent) return true;
      let line = startLine;
      let text = first;
      const complete = (t: string) =>
        imported ? /from\s*['"][^'"]+['"];?\s*$|^import\s*['"][^'"]+['"];?\s*$/.test(t) : false;
      while (!complete(text) && line + 1 < endLine && !state.isEmpty(line + 1)) {
        line++;
        text += `\n${lineText(state, line)}`;
      }
      const env = state.env as MdxEnv;
      const from = /from\s*['"]([^'"]+)['"]/.exec(text)?.[1];
      const defaultName = /^import\s+([A-Za-z_$][\w$]*)\s+from/.exec(text)?.[1];
      if (imported && from && defaultName && /\.mdx?$/.test(from)) {
        (env.mdxPartials ??= new Map()).set(defaultName, path.resolve(path.dirname(env.file), from));
      } else {
        const names =
          /\{([^}]*)\}/
            .exec(text)?.[1]
            .split(',')
            .map((n) => n.trim().split(/\s+as\s+/)[0])
            .filter(Boolean) ?? [];
        const onlyMapped = imported && from === '@theme' && names.length > 0 && names.every((n) => MAPPED.has(n));
        if (!onlyMapped) {
          warn(
            env,
            startLine,
            `${imported ? 'import' : 'export'} line removed: ${text.split('\n')[0].slice(0, 80)}`,
            'the site does not run MDX code; map the component in lib/markdown/mdx.ts, or remove the line',
          );
        }
      }
      state.line = line + 1;
      return true;
    },
    { alt: ['paragraph'] },
  );

  md.block.ruler.before(
    'html_block',
    'mdx_jsx',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const env = state.env as MdxEnv;
      if (state.sCount[startLine] - state.blkIndent >= 4 && !env.mdx) return false;
      const found = blockTag(state, startLine, endLine, Boolean(env.mdx));
      if (!found) return false;
      if (silent) return true;
      const { tag } = found;
      state.line = found.endLine;
      if (!tag) return true;
      const map: [number, number] = [startLine, found.endLine];
      const push = (type: string, nesting: 1 | -1 | 0, meta: Record<string, unknown>) => {
        const token = state.push(type, 'div', nesting);
        token.map = map;
        token.meta = meta;
        token.block = true;
        return token;
      };
      // A wrapper (`<Tab label="x">` … `</Tab>`): its children are parsed as a block of their own, indented as
      // they come (MDX allows any indentation there, fences included).
      const wraps =
        !tag.closing &&
        !tag.selfClosing &&
        (tag.name === 'Tabs' ||
          tag.name === 'Tab' ||
          !(env.mdxPartials?.has(tag.name) || tag.name === 'PackageManagerTabs'));
      const close = wraps ? closingLine(state, tag.name, found.endLine, endLine) : -1;
      const children = (type: string) => {
        tokenizeChildren(state, found.endLine, close);
        push(type, -1, {});
        state.line = close + 1;
      };
      if (/^[a-z]/.test(tag.name)) {
        const html = state.push('html_block', '', 0);
        html.map = map;
        html.content = tag.closing
          ? `</${tag.name}>\n`
          : `<${tag.name}${htmlAttributes(tag.attrs)}${tag.selfClosing ? ' /' : ''}>\n`;
        if (close !== -1) {
          tokenizeChildren(state, found.endLine, close);
          const end = state.push('html_block', '', 0);
          end.content = `</${tag.name}>\n`;
          state.line = close + 1;
        }
      } else if (tag.name === 'Tabs') {
        push(tag.closing ? 'mdx_tabs_close' : 'mdx_tabs_open', tag.closing ? -1 : 1, {
          defaultValue: tag.attrs.defaultValue,
        });
        if (close !== -1) children('mdx_tabs_close');
      } else if (tag.name === 'Tab') {
        push(tag.closing ? 'mdx_tab_close' : 'mdx_tab_open', tag.closing ? -1 : 1, {
          label:
            typeof tag.attrs.label === 'string'
              ? tag.attrs.label
              : typeof tag.attrs.value === 'string'
                ? tag.attrs.value
                : '',
        });
        if (close !== -1) children('mdx_tab_close');
      } else if (tag.name === 'PackageManagerTabs') {
        const block = pmBlockOfCommand(tag.attrs.command, tag.attrs.dlx === true || tag.attrs.dlx === 'true');
        if (block) {
          const fence = state.push('fence', 'code', 0);
          fence.info = 'pm';
          fence.content = `${block}\n`;
          fence.map = map;
        } else if (!tag.closing) {
          warn(
            env,
            startLine,
            '<PackageManagerTabs> without a command: left out',
            'give it command="add -D <package>"',
          );
        }
      } else if (env.mdxPartials?.has(tag.name) && !tag.closing) {
        const token = state.push('html_block', '', 0);
        token.map = map;
        token.content = renderPartial(md, env, env.mdxPartials.get(tag.name)!, startLine);
      } else if (!tag.closing) {
        if (close !== -1) {
          tokenizeChildren(state, found.endLine, close);
          state.line = close + 1;
        }
        const source = state.src
          .slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[found.endLine - 1])
          .replace(/\s+/g, ' ');
        warn(
          env,
          startLine,
          `<${tag.name}> is not a component this site can render: left out (${source.slice(0, 80)})`,
          'use Markdown or a container instead, or map the component in lib/markdown/mdx.ts',
        );
      }
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );

  md.renderer.rules.mdx_tabs_open = (tokens, idx, _options, renderEnv) => {
    const env = renderEnv as MarkdownEnv;
    const labels: string[] = [];
    for (let depth = 0, i = idx + 1; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type === 'mdx_tabs_open') depth++;
      if (t.type === 'mdx_tabs_close' && depth-- === 0) break;
      if (t.type === 'mdx_tab_open' && depth === 0) labels.push((t.meta as { label: string }).label);
    }
    const wanted = (tokens[idx].meta as { defaultValue?: unknown }).defaultValue;
    const selected = Math.max(
      0,
      labels.findIndex((l) => l === wanted),
    );
    return `${openTabs(env, labels, selected, 'mdx-tabs')}\n`;
  };
  md.renderer.rules.mdx_tabs_close = () => '</div></div>\n';
  md.renderer.rules.mdx_tab_open = () => '<div class="tab-panel">\n';
  md.renderer.rules.mdx_tab_close = () => '</div>\n';

  // Inline JSX (`text <Badge text="new" /> text`): the tags are left out, their text stays.
  md.core.ruler.push('mdx_inline_jsx', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const kept: Token[] = [];
      for (const child of block.children) {
        const tag = child.type === 'html_inline' ? /^<\/?([A-Z][\w.]*)/.exec(child.content) : null;
        if (!tag) {
          kept.push(child);
          continue;
        }
        if (!child.content.startsWith('</')) {
          warn(
            env,
            block.map?.[0] ?? 0,
            `<${tag[1]}> is not a component this site can render: left out`,
            'use Markdown instead, or map the component in lib/markdown/mdx.ts',
          );
        }
      }
      block.children = kept;
    }
  });
}

/** A Markdown partial (`import Content from './part.md'`, `<Content />`), rendered in the page's env. */
function renderPartial(md: MarkdownIt, env: MdxEnv, file: string, line: number): string {
  if (!fs.existsSync(file)) {
    env.problems.push({
      file: env.file,
      line: env.lineOffset + line + 1,
      message: `the imported file ${path.relative(process.cwd(), file)} does not exist`,
      fix: 'correct the import path (relative to this page)',
    });
    return '';
  }
  // A partial is part of the content: one outside the content folder (`../../../secret.md`, or a link out) is not read.
  const contentRoot = env.contentRoot ?? path.dirname(env.file);
  if (!isInside(contentRoot, file) || realPathOutside(contentRoot, file)) {
    env.problems.push({
      file: env.file,
      line: env.lineOffset + line + 1,
      message: `the imported file ${path.relative(process.cwd(), file)} is outside the content folder`,
      fix: 'move the partial into the content folder and import it with a path relative to this page',
    });
    return '';
  }
  if ((env.mdxDepth ?? 0) >= MAX_PARTIAL_DEPTH) return `<p>${escapeHtml(path.basename(file))}</p>`;
  const text = fs.readFileSync(file, 'utf8');
  const front = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  const body = front ? text.slice(front[0].length) : text;
  const saved = { file: env.file, lineOffset: env.lineOffset, mdxPartials: env.mdxPartials, mdxDepth: env.mdxDepth };
  Object.assign(env, {
    file,
    lineOffset: front ? front[0].split('\n').length - 1 : 0,
    mdxPartials: undefined,
    mdxDepth: (env.mdxDepth ?? 0) + 1,
  });
  try {
    return md.render(body, env);
  } finally {
    Object.assign(env, saved);
  }
}
