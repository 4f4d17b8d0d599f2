// For the dev server's end-to-end tests and bench:dev: a temp copy of the repository (tracked files, node_modules
// linked, build caches copied) where files can be edited freely, and `npm start` run in it on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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
  return dir;
}

export interface DevServer {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves when the output matches (checked as it arrives). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** `npm start` in `dir` on a free port of 127.0.0.1; resolves once it serves. */
export async function startDevServer(dir: string, env: Record<string, string> = {}): Promise<DevServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/dev.ts', '--port', '0', '--host', '127.0.0.1'],
    {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of watchers) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`dev server: no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (!pattern.test(output)) return;
        clearTimeout(timer);
        watchers.delete(check);
        resolve();
      };
      watchers.add(check);
      check();
    });
  await waitFor(/serving http:\/\/[^\s]+/);
  await waitFor(/site built|built with errors|build crashed|problems? in the docs/);
  const url = /serving (http:\/\/[^\s/]+)/.exec(output)![1];
  return {
    url,
    output: () => output,
    waitFor,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function editFile(file: string, change: (text: string) => string): void {
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
}
