// The dev server's guard, a middleware of Eleventy's dev server and a filter of its WebSocket upgrades: it answers
// only requests for this machine.
// A Host that is not localhost (or *.localhost), an IP address or the HOST it was started with is a page elsewhere
// whose DNS was rebound to this machine: 403. Without HOST, a request from another machine is refused too (the
// server listens on every interface). A URL that does not parse is a 400, not a stack trace; a hidden file a 404.
// What only the dev server has (the live-reload socket, its client script, the error overlay's stylesheet) is for
// the author's own pages: a request from another site's page for it (its Origin, or Sec-Fetch-Site: cross-site)
// is refused, so a site open in the same browser cannot follow the edits or read the overlay's file:line text.
// What a production host serves to anyone too (pages, the embed script, search files) is served as there.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isIP } from 'node:net';
import { DEV_CHECK_FILE, DEV_STATUS_FILE } from './dev-status.ts';

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

/**
 * Whether an Origin header names a page of this server's own: the origin the request was sent to (its Host), or a
 * page on this machine (localhost, a loopback address) or on HOST. No Origin (a request typed by hand, a same-origin
 * GET) is not another site's.
 */
function ownOrigin(origin: string | undefined, requestHost: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const name = bare(url.hostname);
  if (url.host === requestHost || name === bare(host)) return true;
  return name === 'localhost' || name.endsWith('.localhost') || (isIP(name) !== 0 && isLoopback(name));
}

/** Paths only the dev server has: Eleventy's injected scripts, the error overlay's stylesheet and the pages' check. */
const devOnly = (pathname: string) =>
  pathname.startsWith('/.11ty/') || pathname.endsWith(`/${DEV_STATUS_FILE}`) || pathname.endsWith(`/${DEV_CHECK_FILE}`);

/** Why a request for a dev-only path from another site's page is refused, or undefined when it is not such. */
function crossSite(req: IncomingMessage, host: string): string | undefined {
  const origin = req.headers.origin;
  if (req.headers['sec-fetch-site'] === 'cross-site' || !ownOrigin(origin, req.headers.host, host))
    return `This dev server serves its own files only to its own pages; the request came from ${origin ?? 'another site'}.\n`;
  return undefined;
}

/** What a request gets instead of the dev server's answer (a status and its text), or undefined to pass it on. */
function verdict(req: IncomingMessage, host: string): { status: number; text: string } | undefined {
  const refused = refusal(req, host);
  if (refused) return { status: 403, text: refused };
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return { status: 400, text: 'Bad request: the URL could not be parsed.\n' };
  }
  // No hidden file (Vite's manifest in the assets folder, an editor's file); the dev server's own scripts aside.
  if (/\/\.(?!11ty\/)/.test(pathname)) return { status: 404, text: 'Not found.\n' };
  const foreign = devOnly(pathname) ? crossSite(req, host) : undefined;
  return foreign ? { status: 403, text: foreign } : undefined;
}

/** The middleware for `host` (HOST, `localhost` when unset: then only this machine's own requests are answered). */
export function devGuard(host: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const answer = verdict(req, host);
    if (answer) plain(res, answer.status, answer.text);
    else next();
  };
}

/**
 * The same rule in front of the server itself, once it listens (`setServerOptions({ ready })`): the dev server
 * answers its own injected scripts before any middleware, and its live-reload WebSocket never passes through
 * middleware. Its request and upgrade listeners hear only what the rule lets through.
 */
export function guardServer(server: Server, host: string): void {
  type Listener = (req: IncomingMessage, ...rest: unknown[]) => void;
  const requests = server.listeners('request') as Listener[];
  const upgrades = server.listeners('upgrade') as Listener[];
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const answer = verdict(req, host);
    if (answer) plain(res, answer.status, answer.text);
    else for (const listener of requests) listener.call(server, req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = refusal(req, host) ?? crossSite(req, host);
    if (!refused) for (const listener of upgrades) listener.call(server, req, socket, head);
    else
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}`,
      );
  });
}
