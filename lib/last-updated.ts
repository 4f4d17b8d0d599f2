// When each content file last changed: its newest git commit, else its modification time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Absolute file path → milliseconds since epoch, from one `git log` over the folder. */
export function gitTimes(folder: string): Map<string, number> {
  const times = new Map<string, number>();
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const log = execFileSync('git', ['log', '--format=@%ct', '--name-only', '--', '.'], {
      cwd: folder,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let current = 0;
    for (const line of log.split('\n')) {
      if (line.startsWith('@')) current = Number(line.slice(1)) * 1000;
      else if (line) {
        const file = path.join(top, line);
        if (!times.has(file)) times.set(file, current);
      }
    }
  } catch {
    // Not a git checkout: file times are used.
  }
  return times;
}

export function lastUpdatedOf(file: string, times: Map<string, number>): number {
  return times.get(file) ?? Math.round(fs.statSync(file).mtimeMs);
}
