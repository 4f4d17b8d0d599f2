// Raw HTML and links in Markdown that the browser reads otherwise than the author meant. An HTML comment that is
// never closed (`<!--` with no `-->`) hides the rest of the page in the HTML, while the page's .md copy, the llms
// files and search still have it: a build error at its line. A `<script>` or an `on…=` handler passes through, but
// the Content-Security-Policy every page carries (its <meta>, lib/csp.ts) blocks it on any host, so it never runs:
// a warning, the page is otherwise right. A `javascript:` link is an error: in Markdown it shows as its source
// text (markdown-it refuses the link), in HTML the policy keeps it from running; either way it is not a link.
import type { StateCore, Token } from 'markdown-it';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

const SCRIPT = /<script\b/i;
/** An event handler attribute inside a tag: `<img … onload="…">`. */
const HANDLER = /<[a-z][^>]*?\s(on[a-z]+)\s*=/i;
/** A script URL in a tag's link attribute: `<a href="javascript:…">`. */
const HTML_SCRIPT_URL =
  /<[a-z][^>]*?\s(?:href|src|action|formaction|xlink:href|data)\s*=\s*["']?\s*((?:java|vb)script:)/i;
/** A script URL as a Markdown link, reference definition or autolink: `[x](javascript:…)`, `[x]: javascript:…`. */
const MARKDOWN_SCRIPT_URL = /(?:\]\(\s*<?|^\s*\[[^\]]*\]:\s*<?|<)\s*((?:java|vb)script:)/im;

export function htmlChecksPlugin(md: MarkdownIt): void {
  md.core.ruler.push('html_checks', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    if (state.inlineMode) return;
    const check = (token: Token, line: number) => {
      const html = token.content;
      if (html.lastIndexOf('<!--') > html.lastIndexOf('-->')) {
        env.problems.push({
          file: env.file,
          line: line + lineWithin(html, html.lastIndexOf('<!--')),
          message: 'an HTML comment "<!--" is never closed, so the rest of the page is hidden in the HTML',
          fix: 'end the comment with "-->" (on the line where it should stop), or remove the "<!--"',
        });
      }
      const warn = (at: number, what: string) =>
        (env.warnings ??= []).push({
          file: env.file,
          line: line + lineWithin(html, at),
          message: `${what} in the page: the Content-Security-Policy every page carries blocks it on any host, so it never runs`,
          fix: 'remove it; behaviour belongs in a widget (widgets/), which the page loads as a script of the site',
        });
      const script = html.search(SCRIPT);
      if (script !== -1) warn(script, 'a raw <script>');
      const handler = HANDLER.exec(html);
      if (handler) warn(handler.index, `an ${handler[1].toLowerCase()}= handler`);
      const url = HTML_SCRIPT_URL.exec(html);
      if (url) scriptLink(line + lineWithin(html, url.index), url[1]);
    };
    const scriptLink = (line: number, scheme: string) =>
      env.problems.push({
        file: env.file,
        line,
        message: `a ${scheme.toLowerCase()} link: it runs no script here (every page's Content-Security-Policy blocks it, and Markdown shows it as plain text)`,
        fix: 'link to a page or a web address; behaviour belongs in a widget (widgets/)',
      });
    for (const token of state.tokens) {
      const line = env.lineOffset + (token.map?.[0] ?? 0) + 1;
      if (token.type === 'html_block') check(token, line);
      else if (token.type === 'inline') {
        for (const child of token.children ?? []) if (child.type === 'html_inline') check(child, line);
        // Code spans keep their text (a `javascript:` inside backticks is an example, not a link).
        const text = token.content.replace(/(`+)[\s\S]*?\1/g, (code) => code.replace(/[^\n]/g, ' '));
        const url = MARKDOWN_SCRIPT_URL.exec(text);
        if (url) scriptLink(line + lineWithin(text, url.index), url[1]);
      }
    }
  });
}

/** Lines before `offset` in `text` (0 for the first line). */
function lineWithin(text: string, offset: number): number {
  let lines = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}
