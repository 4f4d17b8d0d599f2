// The dev server's widget and CSS builder, a child process of scripts/dev.ts: on each "build" message it runs a
// fresh `vite build` of vite.config.ts and answers with the outcome. One long-lived process saves Node's start and
// Vite's import on every edit. Vite's own `build --watch` was used before: its incremental rebuilds failed now and
// then in vite:css-post ("Unable to get file name for unknown file") and stayed broken; a fresh build keeps no
// state from the one before (Vite loads the config anew each time, so config edits count too).
import path from 'node:path';
import { build } from 'vite';

export interface ViteBuildOutcome {
  ok: boolean;
  /** What went wrong, as Vite tells it (the file:line frame included). */
  text?: string;
}

const ROOT = path.resolve(import.meta.dirname, '..');

process.on('message', (message) => {
  if (message !== 'build') return;
  build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent' }).then(
    () => process.send!({ ok: true } satisfies ViteBuildOutcome),
    (error: Error & { frame?: string; id?: string; loc?: { line: number; column: number } }) => {
      const where = error.id
        ? `${path.relative(ROOT, error.id)}${error.loc ? `:${error.loc.line}:${error.loc.column}` : ''}\n`
        : '';
      const text = [where + error.message, error.frame].filter(Boolean).join('\n');
      process.send!({ ok: false, text } satisfies ViteBuildOutcome);
    },
  );
});
