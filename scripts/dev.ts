// `npm start`: builds the widgets, then keeps Vite (widgets, CSS) and Eleventy (pages) watching, and serves
// http://localhost:8080 with live reload.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildWidgets } from './build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
await buildWidgets().done;

const children: ChildProcess[] = [
  spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--watch', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/@11ty/eleventy/cmd.cjs'), '--serve', '--port=8080', '--input=eleventy', '--config=.eleventy.js'],
    { cwd: ROOT, stdio: 'inherit' },
  ),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
