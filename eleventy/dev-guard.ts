// The dev server's guard, a middleware of Eleventy's dev server and a filter of its WebSocket upgrades: it answers
// only requests for this machine.
// A Host that is not localhost (or *.localhost), an IP address or the HOST it was started with is a page elsewhere
// whose DNS was rebound to this machine: 403. Without HOST, a request from another machine is refused too (the
// server listens on every interface). A URL that does not parse is a 400, not a stack trace; a hidden file a 404.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isIP } from 'node:net';

const bare = (name: string) => name.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Whether a Host header names this server (see above). */
export function allowedHost(header: string | undefined, host: string): boolean {
  if (!header) return false;
  const name = bare(header.replace(/:\d+$/, ''));
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true;
  return name === bare(host);
}

const isLoopback = (address = '') => address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** Why a request is refused (a 403's text), or undefined when it is for this machine. */
function refusal(req: IncomingMessage, host: string): string | undefined {
  if (host === 'localhost' && !isLoopback(req.socket.remoteAddress)) {
    return 'This dev server answers only this machine (start it with HOST=0.0.0.0 to share it).\n';
  }
  if (!allowedHost(req.headers.host, host)) {
    return `This dev server answers only requests for localhost, an IP address or HOST (${host}); Host was ${JSON.stringify(req.headers.host ?? '')}.\n`;
  }
  return undefined;
}

/** The middleware for `host` (HOST, `localhost` when unset: then only this machine's own requests are answered). */
export function devGuard(host: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const refused = refusal(req, host);
    if (refused) return plain(res, 403, refused);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return plain(res, 400, 'Bad request: the URL could not be parsed.\n');
    }
    // No hidden file (Vite's manifest in the assets folder, an editor's file); the dev server's own scripts aside.
    if (/\/\.(?!11ty\/)/.test(pathname)) return plain(res, 404, 'Not found.\n');
    next();
  };
}

/**
 * The same rule for the live-reload WebSocket, which shares the server but never passes through middleware: the
 * server's upgrade listeners (the dev server's WebSocket server) hear only the upgrades the rule lets through.
 * Called with Eleventy's dev server once it listens (`setServerOptions({ ready })`).
 */
export function guardUpgrades(server: Server, host: string): void {
  const listeners = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = refusal(req, host);
    if (!refused) for (const listener of listeners) listener.call(server, req, socket, head);
    else
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}`,
      );
  });
}
