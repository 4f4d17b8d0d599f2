// `npm start`'s error overlay, as a stylesheet: while the docs have problems, or the widgets or the site's code do
// not compile, `dev-status.css` (in Vite's assets folder, which the dev server serves and watches) draws what
// failed, where (file:line) and how to fix it over every open page; once fixed it is empty again. The dev server
// swaps a changed stylesheet without a reload, so the overlay comes and goes in place, and it shows even when no
// page could be rebuilt (a syntax error in lib/), which an overlay inside the pages could not.
import fs from 'node:fs';
import path from 'node:path';

export const DEV_STATUS_FILE = 'dev-status.css';
/** The pages' check, once connected, for a build they missed (DEV_CHECK). */
export const DEV_CHECK_FILE = 'dev-check.js';

/** Where `npm start`'s Vite writes (a folder of its own: `npm run build` must never take its unhashed files). */
export const DEV_ASSETS_DIR = path.resolve(import.meta.dirname, '..', '.build', 'dev-assets');

/** What each part of the dev loop last reported: '' when it is fine. */
const STATUS = Symbol.for('docs.devStatus');
const slot = globalThis as { [STATUS]?: Record<string, string> };

/** A CSS string literal: quotes and backslashes escaped, line breaks as \A (shown by white-space: pre-wrap). */
const cssString = (text: string) =>
  `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r?\n/g, '\\A ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;

/** The stylesheet for these reports: an overlay with their text, or nothing. */
export function statusStyles(reports: string[]): string {
  const text = reports.filter(Boolean).join('\n\n');
  if (!text) return '/* The site builds: no overlay. */\n';
  return `html::after {
  content: ${cssString(`${text}\n\nThe page updates by itself once this is fixed.`)};
  position: fixed; inset: 0; z-index: 2147483647; overflow: auto; box-sizing: border-box;
  padding: 40px max(16px, calc(50vw - 480px)); white-space: pre-wrap; pointer-events: none;
  background: rgb(24 24 24 / 0.94); color: #f0f0f0; border-top: 6px solid #ff5555;
  font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
`;
}

/** Records what `part` ('docs', 'widgets', 'stylesheets', 'code') reports now ('' when fine) and rewrites the stylesheet if it changed. */
export function reportStatus(assetsDir: string, part: string, text: string): void {
  const status = (slot[STATUS] ??= {});
  if ((status[part] ?? '') === text && fs.existsSync(path.join(assetsDir, DEV_STATUS_FILE))) return;
  status[part] = text;
  fs.mkdirSync(assetsDir, { recursive: true });
  fs.writeFileSync(path.join(assetsDir, DEV_STATUS_FILE), statusStyles(Object.values(status)));
}

/** Error text with the project's absolute paths made relative (file:line as an author finds it). */
export function relativeTo(root: string, text: string): string {
  return text.split(`${root}${path.sep}`).join('');
}

/**
 * A page loading while a build ends misses that build's reload (and its overlay's swap): its live-reload connection
 * is not open yet. So each page, once a connection of its own is open (after Eleventy's client, which the page
 * loads first, has opened its own), asks for itself again and reloads if a later build wrote it, and fetches the
 * overlay's stylesheet again. Each page names the build that wrote it (`<meta name="docs-dev-build">`, which
 * layouts/render.tsx writes from the page's assets: eleventy/plugin.ts).
 */
const DEV_CHECK = `// npm start: a build that ended while this page loaded (eleventy/dev-status.ts).
const socket = new WebSocket(location.origin.replace(/^http/, 'ws'));
socket.addEventListener('open', async () => {
  socket.close();
  const status = document.querySelector('link[href*="/${DEV_STATUS_FILE}"]');
  if (status) status.href = status.href.replace(/[?].*/, '') + '?' + Date.now();
  const built = (html) => /<meta name="docs-dev-build" content="([^"]*)"/.exec(html)?.[1];
  const now = await fetch(location.href, { cache: 'no-store' }).then((answer) => answer.text(), () => undefined);
  const mine = document.querySelector('meta[name="docs-dev-build"]')?.content;
  if (now !== undefined && built(now) !== mine) location.reload();
});
`;

/** Writes the pages' check beside the overlay's stylesheet (only when it differs: the server reloads pages when a script there changes). */
export function writeDevCheck(assetsDir: string): void {
  const file = path.join(assetsDir, DEV_CHECK_FILE);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === DEV_CHECK) return;
  fs.mkdirSync(assetsDir, { recursive: true });
  fs.writeFileSync(file, DEV_CHECK);
}
