// A plain static host for tests and benchmarks, as GitHub Pages or Netlify behave: `/a` serves `a.html`,
// `/a/` serves `a/index.html`, anything else gets `404.html` with status 404. Optionally under a base path.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_TYPES } from '../../lib/content-types.ts';
import { MalformedPath, resolveFile } from '../../scripts/preview.ts';

export { CONTENT_TYPES, MalformedPath, resolveFile };

export interface StaticServer {
  url: string;
  close(): Promise<void>;
  /** Delay responses whose path matches (for slow-network tests). */
  delay: { pattern?: RegExp; ms: number };
  /**
   * Hold responses whose path matches `pattern` until a request for `release` arrives (answered 204): a page can
   * let them go at a moment of its own, with no driver in between (a benchmark's "after the key"). Once: the
   * release clears `pattern`, so later requests are answered at once until it is set again.
   */
  hold: { pattern?: RegExp; release?: string };
}

export interface StaticServerOptions {
  /** Headers on every response: CORS (`access-control-allow-origin: *`, as a docs host for embedders sends), a Content-Security-Policy (the CSP test). */
  headers?: Record<string, string>;
}

export async function startStaticServer(
  root: string,
  base = '/',
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  const absRoot = path.resolve(root);
  const delay: StaticServer['delay'] = { ms: 0 };
  const hold: StaticServer['hold'] = {};
  const held: (() => void)[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (delay.pattern?.test(url.pathname)) await new Promise((r) => setTimeout(r, delay.ms));
    if (hold.release && url.pathname === hold.release) {
      for (const go of held.splice(0)) go();
      hold.pattern = undefined;
      res.writeHead(204, options.headers).end();
      return;
    }
    if (hold.pattern?.test(url.pathname)) await new Promise<void>((go) => held.push(go));
    const inside =
      base === '/' ? url.pathname : url.pathname.startsWith(base) ? url.pathname.slice(base.length - 1) : undefined;
    let file: string | undefined;
    try {
      file = inside === undefined ? undefined : resolveFile(absRoot, inside);
    } catch (error) {
      if (!(error instanceof MalformedPath)) throw error;
      res
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...options.headers })
        .end('Bad request: malformed %-escape in the path\n');
      return;
    }
    const status = file ? 200 : 404;
    const body = file ?? path.join(absRoot, '404.html');
    res.writeHead(status, {
      'content-type': CONTENT_TYPES[path.extname(body)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...options.headers,
    });
    fs.createReadStream(body).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base === '/' ? '' : base.slice(0, -1)}`,
    delay,
    hold,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
