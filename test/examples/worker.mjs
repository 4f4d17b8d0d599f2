// Runs Rstest jobs for the examples check (test/examples/run.ts) through the JavaScript API of the installed
// @rstest/core, in a process of its own (forked with an IPC channel): plain JavaScript, no TypeScript loader, so
// Rstest loads configs exactly as it does for a reader. One message in = one job; one message out = its result.
import { loadConfig } from '@rstest/core';
import { createRstest } from '@rstest/core/api';
import path from 'node:path';

/** @param {unknown} error */
function serializeError(error) {
  const e = /** @type {{ message?: unknown; stack?: unknown; name?: unknown }} */ (error ?? {});
  return { name: String(e.name ?? 'Error'), message: String(e.message ?? error), stack: typeof e.stack === 'string' ? e.stack : undefined };
}

/** @param {{ message: string; name?: string; stack?: string; diff?: string }[] | undefined} errors */
function slimErrors(errors) {
  return (errors ?? []).map((e) => ({ name: e.name, message: e.message, stack: e.stack, diff: e.diff }));
}

/**
 * @param {{ kind: 'tests'; cwd: string; include?: string[]; pool: string; maxWorkers: number } |
 *         { kind: 'config'; cwd: string; configFile: string }} job
 */
async function runJob(job) {
  // As a reader runs `npx rstest` from the project folder: a config may read './package.json' or the like.
  process.chdir(job.cwd);
  let instance;
  if (job.kind === 'tests') {
    instance = await createRstest({
      cwd: job.cwd,
      config: {
        root: job.cwd,
        ...(job.include ? { include: job.include } : {}),
        pool: { type: /** @type {'forks'} */ (job.pool), maxWorkers: job.maxWorkers },
        reporters: [],
      },
    });
  } else {
    const loaded = await loadConfig({ cwd: job.cwd, path: path.resolve(job.cwd, job.configFile) });
    instance = await createRstest({
      cwd: job.cwd,
      config: { content: loaded.content, filePath: loaded.filePath ?? null, dependencies: [] },
    });
  }
  // A config's `include` may match none of the page's files: that alone is no failure of the config.
  const result = await instance.run({ passWithNoTests: job.kind === 'config' });
  return {
    status: result.status,
    files: result.results.map((file) => ({
      testPath: file.testPath,
      status: file.status,
      errors: slimErrors(file.errors),
      tests: file.results.map((t) => ({
        name: [...(t.parentNames ?? []), t.name].join(' > '),
        status: t.status,
        errors: slimErrors(t.errors),
      })),
    })),
    unhandledErrors: slimErrors(result.unhandledErrors),
  };
}

process.on('message', async (/** @type {{ id: number; job: Parameters<typeof runJob>[0] }} */ message) => {
  const started = Date.now();
  let reply;
  try {
    reply = { id: message.id, ok: true, ...(await runJob(message.job)) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: serializeError(error) };
  }
  process.send?.({ ...reply, durationMs: Date.now() - started });
});
// A run may leave an unhandled rejection behind (a config's plugin, a reporter): report it, keep serving.
process.on('unhandledRejection', (reason) => console.error('[examples worker] unhandled rejection:', reason));
process.send?.({ ready: true });
