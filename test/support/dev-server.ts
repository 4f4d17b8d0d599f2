// For the dev server's end-to-end tests and bench:dev: a temp copy of the repository (tracked files, node_modules
// linked, build caches copied) where files can be edited freely, and `npm start` (Eleventy's dev server) run in it
// on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const copies: string[] = [];
process.on('exit', () => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** Copies the repository's tracked files to a temp folder; `contentScale` > 1 adds copies of the content (as bench:build does). */
export function repoCopy(label: string, contentScale = 1): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-dev-${label}-`));
  copies.push(dir);
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  // Uncommitted work shows in the copy too (the tests test the tree as it is).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const cache of ['.build', '.cache']) {
    if (fs.existsSync(path.join(ROOT, cache)))
      fs.cpSync(path.join(ROOT, cache), path.join(dir, cache), { recursive: true });
  }
  for (const lang of ['en', 'zh']) {
    for (let i = 1; i < contentScale; i++)
      fs.cpSync(path.join(ROOT, 'content', lang), path.join(dir, 'content', lang, `copy-${i}`), { recursive: true });
  }
  // A checkout, as an author's is: pages' last-updated times come from git, not from the edits being saved.
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=docs', '-c', 'user.email=docs@example.invalid', 'commit', '-q', '--no-verify', '-m', 'copy');
  return dir;
}

export interface DevServer {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves when the output matches (checked as it arrives). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /**
   * Resolves once every file event the server has logged (a file added, changed or deleted) is followed by a
   * build that has told the open pages: nothing it saw is still to be built, so no open page is about to reload for it.
   */
  idle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `npm start` in `dir` on a free port (PORT); resolves once it serves the built site. */
export async function startDevServer(dir: string, env: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  // npm runs the start script in a process group of its own: stopping the group stops Eleventy and Vite too.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: dir,
    // DEBUG (the tests' own, Playwright's say) would silence Eleventy's log, which the tests read.
    env: { ...process.env, DEBUG: '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of watchers) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  /** Resolves once `holds()` is true of the output (checked as it arrives); `what` names it in the timeout's error. */
  const waitUntil = (holds: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`dev server: no ${what} within ${timeoutMs} ms; output:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (!holds()) return;
        clearTimeout(timer);
        watchers.delete(check);
        resolve();
      };
      watchers.add(check);
      check();
    });
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    waitUntil(() => pattern.test(output), String(pattern), timeoutMs);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      // A server that does not stop when asked is stopped: a test run never waits on it.
      const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
      child.on('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      process.kill(-child.pid!, 'SIGTERM');
    });
  try {
    await waitFor(/Server at http:\/\/[^\s]+/);
    await waitFor(/Wrote \d+ files|problems? in the docs|does not load/);
  } catch (error) {
    // A server that did not come up is stopped, not left running after the tests.
    await stop();
    throw error;
  }
  // Reached by its loopback address: the tests' browser contexts go nowhere but 127.0.0.1.
  const url = /Server at (http:\/\/[^\s/]+)/.exec(output)![1].replace('//localhost:', '//127.0.0.1:');
  const lastIndex = (pattern: RegExp) => Math.max(-1, ...[...output.matchAll(pattern)].map((m) => m.index));
  // Each build logs "[docs] rebuilding …" as it starts and "[docs] the open pages are up to date" once Eleventy has
  // told the open pages (eleventy/dev-session.ts); a file event logged after a build started waits for the next.
  // (The server's own watch of Vite's output logs its files with "(skips build)": no build follows them.)
  const built = () => {
    const started = lastIndex(/\[docs\] rebuilding /g);
    const event = lastIndex(/File (?:added|changed|deleted): (?![^\n]*\(skips build\))/g);
    return event === -1 || (event < started && started < lastIndex(/\[docs\] the open pages are up to date/g));
  };
  const idle = (timeoutMs = 60_000) => waitUntil(built, 'build after its last file event', timeoutMs);
  return {
    url,
    output: () => output,
    waitFor,
    idle,
    stop,
  };
}

export function editFile(file: string, change: (text: string) => string): void {
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
}

/**
 * A WebSocket handshake (the dev server's live-reload connection) to `base` with these headers (Host, Origin…): the
 * status answered, 101 when accepted. On a connection of its own: a socket handed over by an upgrade is never reused.
 */
export function upgradeStatus(base: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: hostname,
      port,
      path: '/',
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
