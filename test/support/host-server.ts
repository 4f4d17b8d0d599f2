// A host page's server for the embedding tests: another origin than the docs site's (another port on
// 127.0.0.1). Serves a fixture folder; in its HTML files `__DOCS__` becomes the docs site's base URL. With
// `?csp` a page is served under the strict policy an embedding host may have: scripts from the docs origin
// only, styles from the host only (no inline styles).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_TYPES, MalformedPath, resolveFile } from './static-server.ts';

export interface HostServer {
  url: string;
  close(): Promise<void>;
}

/** `files`: generated files served besides the folder's (path → text), e.g. a host's own script bundle. */
export async function startHostServer(
  root: string,
  docsBase: string,
  files: Record<string, string> = {},
): Promise<HostServer> {
  const absRoot = path.resolve(root);
  const docsOrigin = new URL(docsBase).origin;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const generated = files[url.pathname];
    if (generated !== undefined) {
      res
        .writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(url.pathname)] ?? 'text/plain',
          'cache-control': 'no-cache',
        })
        .end(generated);
      return;
    }
    let file: string | undefined;
    try {
      file = resolveFile(absRoot, url.pathname);
    } catch (error) {
      if (!(error instanceof MalformedPath)) throw error;
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    };
    if (url.searchParams.has('csp')) headers['content-security-policy'] = `script-src ${docsOrigin}; style-src 'self'`;
    const body = fs.readFileSync(file);
    res
      .writeHead(200, headers)
      .end(file.endsWith('.html') ? body.toString('utf8').replaceAll('__DOCS__', docsBase) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
