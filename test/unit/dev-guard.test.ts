// The dev server's guard (eleventy/dev-guard.ts) in front of a real HTTP server, as `npm start` puts it: started
// with HOST naming this machine's address on a network, it admits that address's pages and their live-reload
// socket, and still refuses another site's page the dev server's own files and socket (issue 41).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { guardServer } from '../../eleventy/dev-guard.ts';
import { upgradeStatus } from '../support/dev-server.ts';

const HOST = 'docs.lan';
let server: http.Server;
let port: number;

before(async () => {
  // Stands for Eleventy's dev server: every request it hears is a page, every upgrade it hears is accepted.
  server = http.createServer((_req, res) => res.end('served'));
  server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n'));
  guardServer(server, HOST);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

const upgrade = (headers: Record<string, string>) => upgradeStatus(`http://127.0.0.1:${port}`, headers);

describe('the dev server guard with HOST set', () => {
  test("admits the HOST's pages, their dev-only files and their live-reload socket", async () => {
    const own = { host: `${HOST}:8080`, origin: `http://${HOST}:8080` };
    assert.equal(await get('/guide/start/', { host: own.host }), 200);
    assert.equal(await get('/assets/dev-status.css', { ...own, 'sec-fetch-site': 'same-origin' }), 200);
    assert.equal(await get('/.11ty/reload-client.js', own), 200);
    assert.equal(await upgrade(own), 101);
  });

  test("refuses another site's page the dev-only files and the socket, and serves it what production serves", async () => {
    const foreign = { host: `${HOST}:8080`, origin: 'http://evil.example' };
    assert.equal(await get('/assets/dev-status.css', foreign), 403);
    assert.equal(await get('/assets/dev-status.css', { host: foreign.host, 'sec-fetch-site': 'cross-site' }), 403);
    assert.equal(await get('/.11ty/reload-client.js', { host: foreign.host, 'sec-fetch-site': 'cross-site' }), 403);
    assert.equal(await upgrade(foreign), 403);
    // An IP address that is not this machine's is another site too, and so is a name that merely starts like one.
    assert.equal(await upgrade({ host: foreign.host, origin: 'http://203.0.113.9' }), 403);
    assert.equal(await upgrade({ host: foreign.host, origin: 'http://127.evil.example' }), 403);
    assert.equal(await upgrade({ host: foreign.host, origin: 'null' }), 403);
    assert.equal(await get('/guide/start/', { host: foreign.host, 'sec-fetch-site': 'cross-site' }), 200);
    assert.equal(await get('/embed.js', { ...foreign }), 200);
  });

  test('a rebound name is refused everything, as without HOST', async () => {
    assert.equal(await get('/guide/start/', { host: 'evil.example' }), 403);
    assert.equal(await upgrade({ host: 'evil.example', origin: 'http://evil.example' }), 403);
  });
});
