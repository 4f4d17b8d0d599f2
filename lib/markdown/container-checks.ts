// Container mistakes that markdown-it-container forgives silently, and that ship broken pages: a `:::tip` or
// `::: code-group` that is never closed runs to the end of the page (or of its parent: a callout swallows the
// rest of the page, a code group turns every later code block into one of its tabs); a `:::` line that closes
// nothing, or a kind that does not exist (`:::note`), shows up as text. Each is a build problem at its line.
import type { StateCore, Token } from 'markdown-it';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

const MARKER_LINE = /^\s*(:{3,})\s*(\S*)/;

export function containerChecksPlugin(md: MarkdownIt, kinds: readonly string[]): void {
  md.core.ruler.push('container_checks', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    if (state.inlineMode) return;
    const lines = state.src.split('\n');
    // markdown-it's line count: a final newline ends the last line rather than starting another.
    const lineCount = lines.length - (state.src.endsWith('\n') ? 1 : 0);
    const at = (line: number) => env.lineOffset + line + 1;
    const open: Token[] = [];
    const stray = { unknownOpeners: 0 };
    state.tokens.forEach((token, i) => {
      if (token.type.startsWith('container_') && token.nesting === 1 && token.map) {
        // Closed: the line where it ends is a marker at least as long as the opener's, and lies inside the parent
        // (an unclosed container stops where its parent stops, which may be the parent's own closing line).
        const [start, end] = token.map;
        const parentEnd = open.at(-1)?.map?.[1] ?? lineCount;
        const closer = MARKER_LINE.exec(lines[end] ?? '');
        if (end >= parentEnd || !closer || closer[2] !== '' || closer[1].length < token.markup.length)
          unclosed(env, token, at(start));
      }
      if (token.type === 'paragraph_open')
        strayMarkers(env, state.tokens[i + 1], at(token.map?.[0] ?? 0), kinds, stray);
      if (token.block && token.nesting === 1) open.push(token);
      if (token.block && token.nesting === -1) open.pop();
    });
  });
}

function unclosed(env: MarkdownEnv, token: Token, line: number): void {
  const kind = token.type.slice('container_'.length, -'_open'.length);
  const opener = `${token.markup}${token.info.trimEnd()}`;
  env.problems.push({
    file: env.file,
    line,
    message:
      kind === 'code-group'
        ? `"${opener}" is never closed, so every code block after it becomes one of its tabs`
        : `"${opener}" is never closed, so the rest of the ${token.level ? 'enclosing block' : 'page'} renders inside it`,
    fix: `add a line "${token.markup}" where it ends (a container inside another needs fewer colons than the outer one: "::::details" … ":::tip" … ":::" … "::::")`,
  });
}

/**
 * `:::` lines that reached a paragraph: a closer without an opener, or an opener of an unknown kind (whose own
 * closer is then part of the same mistake, not another one).
 */
function strayMarkers(
  env: MarkdownEnv,
  inline: Token | undefined,
  firstLine: number,
  kinds: readonly string[],
  stray: { unknownOpeners: number },
): void {
  (inline?.content ?? '').split('\n').forEach((text, i) => {
    const marker = MARKER_LINE.exec(text);
    if (!marker) return;
    const kind = marker[2];
    if (kind) stray.unknownOpeners++;
    else if (stray.unknownOpeners > 0) {
      stray.unknownOpeners--;
      return;
    }
    env.problems.push({
      file: env.file,
      line: firstLine + i,
      message: kind
        ? `"${text.trim()}" is not a container: there is no kind "${kind}"`
        : `"${text.trim()}" closes no container (it shows as text)`,
      fix: kind
        ? `use one of ${kinds.map((k) => `:::${k}`).join(', ')}`
        : 'remove the line, or open the container it was meant to close (a nested container needs fewer colons than its parent)',
    });
  });
}
