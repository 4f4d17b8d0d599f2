// `npm run preview`: serves the built site (`_site`, or the folder given) as a production host does, so that an
// embedder can try the widgets from a page of their own on another port: clean URLs (`/a` → a.html, `/a/` →
// a/index.html), 404.html with status 404 for anything else, the Content-Security-Policy of `_headers.example`
// (the header a host should send), and CORS for everyone (search and Copy Markdown fetch from the docs site).
// PORT picks the port (4173 by default); it answers this machine only.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_TYPES } from '../lib/content-types.ts';
import { CSP_EXAMPLE_FILE, readHeadersExample } from '../lib/csp.ts';

/** Thrown for a path whose %-escapes are not UTF-8 (`/%E0%A4%A`): the request is malformed, a 400. */
export class MalformedPath extends Error {}

/** The file a static host serves for `pathname` under `root`, never one outside it; undefined for none (a 404). */
export function resolveFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new MalformedPath(pathname);
  }
  const safe = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  const candidates = safe.endsWith('/')
    ? [path.join(safe, 'index.html')]
    : [safe, `${safe}.html`, path.join(safe, 'index.html')];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

/** Serves `root` on `port` (0: any free one) of this machine; resolves with its URL once it listens. */
export async function startPreview(root: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const absRoot = path.resolve(root);
  const { base, policy } = readHeadersExample(absRoot) ?? { base: '/' };
  const headers = {
    'access-control-allow-origin': '*',
    'cache-control': 'no-cache',
    ...(policy ? { 'content-security-policy': policy } : {}),
  };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    let file: string | undefined;
    try {
      file = pathname.startsWith(base) ? resolveFile(absRoot, `/${pathname.slice(base.length)}`) : undefined;
    } catch (error) {
      if (!(error instanceof MalformedPath)) throw error;
      return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end('Bad request\n');
    }
    const body = file ?? path.join(absRoot, '404.html');
    res.writeHead(file ? 200 : 404, {
      'content-type': CONTENT_TYPES[path.extname(body)] ?? 'application/octet-stream',
      ...headers,
    });
    if (req.method === 'HEAD') return void res.end();
    fs.createReadStream(body).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? path.resolve(import.meta.dirname, '..', '_site');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`${path.relative(process.cwd(), root) || '.'} has no built site: run npm run build first.`);
    process.exit(1);
  }
  const { url } = await startPreview(root, Number(process.env.PORT ?? 4173));
  console.log(
    `Preview of ${path.relative(process.cwd(), root) || '.'} at ${url}\n` +
      `as a production host serves it: clean URLs, 404.html, the Content-Security-Policy of ${CSP_EXAMPLE_FILE}, and CORS.\n` +
      `Embed the widgets in a page of your own with <script src="${url}assets/embed.js" defer></script>.`,
  );
}
