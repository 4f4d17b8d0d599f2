// The dev server's error overlay: what failed (file:line), what is wrong and how to fix it, over the page, as
// Vite shows its errors. Shown while the build has errors; gone once they are fixed. Escape or a click outside
// the panel hides it until the next error.

interface Problem {
  file: string;
  line?: number;
  message: string;
  fix: string;
}

const TAG = 'docs-dev-overlay';

const STYLE = `
:host { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: flex-start; justify-content: center;
  background: rgb(0 0 0 / 0.66); overflow: auto; font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.panel { margin: 40px 16px; max-width: 960px; width: 100%; background: #181818; color: #d8d8d8; border-top: 6px solid #ff5555;
  border-radius: 6px; box-shadow: 0 12px 40px rgb(0 0 0 / 0.4); padding: 20px 24px; box-sizing: border-box; }
h2 { margin: 0 0 12px; color: #ff5555; font-size: 16px; }
ol { margin: 0; padding: 0; list-style: none; }
li { padding: 10px 0; border-top: 1px solid #333; }
.where { color: #7fd3ff; }
.message { color: #fff; white-space: pre-wrap; }
.fix { color: #a6e22e; white-space: pre-wrap; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; color: #ffb3b3; }
.tip { margin: 14px 0 0; color: #999; font-size: 12px; }
button { float: right; background: none; border: 1px solid #555; color: #ccc; border-radius: 4px; cursor: pointer; font: inherit; }
`;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function body(state: { problems: Problem[]; error?: string }): string {
  if (state.error) {
    return `<h2>The build crashed</h2><pre>${escape(state.error)}</pre>`;
  }
  const n = state.problems.length;
  const items = state.problems
    .map(
      (p) =>
        `<li><div class="where">${escape(p.file)}${p.line ? `:${p.line}` : ''}</div>` +
        `<div class="message">${escape(p.message)}</div><div class="fix">fix: ${escape(p.fix)}</div></li>`,
    )
    .join('');
  return `<h2>${n} problem${n === 1 ? '' : 's'} in the docs</h2><ol>${items}</ol>`;
}

export function showOverlay(state: { problems: Problem[]; error?: string }): void {
  let host = document.querySelector(TAG);
  if (!host) {
    host = document.createElement(TAG);
    host.attachShadow({ mode: 'open' });
    host.addEventListener('click', (event) => {
      if (event.composedPath()[0] === host || (event.composedPath()[0] as Element).localName === 'button')
        hideOverlay();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') hideOverlay();
    });
    document.documentElement.append(host);
  }
  host.setAttribute('role', 'alertdialog');
  host.setAttribute('aria-label', 'Build error');
  host.shadowRoot!.innerHTML =
    `<style>${STYLE}</style><div class="panel"><button type="button">close</button>${body(state)}` +
    `<p class="tip">The page updates by itself once this is fixed. Esc or a click outside closes this.</p></div>`;
}

export function hideOverlay(): void {
  document.querySelector(TAG)?.remove();
}
