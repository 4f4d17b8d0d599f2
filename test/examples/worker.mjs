// Runs Rstest jobs for the examples check (test/examples/run.ts) through the JavaScript API of the installed
// @rstest/core, in a process of its own (forked with an IPC channel): plain JavaScript, no TypeScript loader, so
// Rstest loads configs exactly as it does for a reader. One message in = one job; one message out = its result.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The Browser Mode examples (test/examples/browser.ts) run with another @rstest/core: EXAMPLES_RSTEST_FROM names the
// folder it is resolved from (test/examples/browser-mode, the npm workspace with @rstest/browser).
const from = process.env.EXAMPLES_RSTEST_FROM;
const load = (/** @type {string} */ spec) =>
  from ? import(pathToFileURL(createRequire(path.join(from, 'package.json')).resolve(spec)).href) : import(spec);
/** @type {typeof import('@rstest/core')} */
const { loadConfig } = await load('@rstest/core');
/** @type {any} @rstest/core 0.12: createRstest; 0.11 (Browser Mode): runRstest */
const api = await load('@rstest/core/api');

/**
 * Browser Mode, as a job asks for it: `launch` (Playwright's launch options: Debian's Chromium and its flags) goes
 * into `browser.providerOptions.launch` of the config and of every inline project that enables Browser Mode, and
 * the browser runs headless (there is no display; Rstest's default is headless only in CI, and the worker is not CI).
 * Its server's port, unless the config names one, starts at 4100 + 100 × the worker's slot: Rstest's default, 4000 for
 * every run, made two runs started at once race for it (one of them died with EADDRINUSE).
 * @param {any} config
 * @param {{ launch: Record<string, unknown> } | undefined} browser
 */
function withLaunch(config, browser) {
  if (!browser || !config || typeof config !== 'object') return config;
  const patch = (/** @type {any} */ c) => {
    if (!c || typeof c !== 'object' || !c.browser?.enabled) return c;
    const providerOptions = c.browser.providerOptions ?? {};
    return {
      ...c,
      browser: {
        ...c.browser,
        headless: true,
        port: c.browser.port ?? 4100 + 100 * Number(process.env.EXAMPLES_WORKER_SLOT ?? 0),
        providerOptions: { ...providerOptions, launch: { ...providerOptions.launch, ...browser.launch } },
      },
    };
  };
  const out = patch(config);
  if (Array.isArray(out.projects)) return { ...out, projects: out.projects.map(patch) };
  return out;
}

/** @param {unknown} error */
function serializeError(error) {
  const e = /** @type {{ message?: unknown; stack?: unknown; name?: unknown }} */ (error ?? {});
  return {
    name: String(e.name ?? 'Error'),
    message: String(e.message ?? error),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
  };
}

/** @param {{ message: string; name?: string; stack?: string; diff?: string }[] | undefined} errors */
function slimErrors(errors) {
  return (errors ?? []).map((e) => ({ name: e.name, message: e.message, stack: e.stack, diff: e.diff }));
}

/**
 * @param {{ kind: 'tests'; cwd: string; include?: string[]; pool: string; maxWorkers: number; browser?: { launch: Record<string, unknown> }; isolate?: boolean } |
 *         { kind: 'config'; cwd: string; configFile: string; browser?: { launch: Record<string, unknown> } }} job
 */
async function runJob(job) {
  // As a reader runs `npx rstest` from the project folder: a config may read './package.json' or the like.
  process.chdir(job.cwd);
  if (!api.createRstest) return runLegacyJob(job);
  const { createRstest } = api;
  let instance;
  if (job.kind === 'tests') {
    instance = await createRstest({
      cwd: job.cwd,
      config: {
        root: job.cwd,
        ...(job.include ? { include: job.include } : {}),
        pool: { type: /** @type {'forks'} */ (job.pool), maxWorkers: job.maxWorkers },
        reporters: [],
        ...(job.browser
          ? withLaunch({ browser: { enabled: true, provider: 'playwright', headless: true } }, job.browser)
          : {}),
      },
    });
  } else {
    const loaded = await loadConfig({ cwd: job.cwd, path: path.resolve(job.cwd, job.configFile) });
    instance = await createRstest({
      cwd: job.cwd,
      config: { content: withLaunch(loaded.content, job.browser), filePath: loaded.filePath ?? null, dependencies: [] },
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

/**
 * The same job through @rstest/core 0.11's `runRstest` (it has no `createRstest` in `@rstest/core/api`): the config
 * is loaded, given the Browser Mode launch options, and passed inline.
 * @param {Parameters<typeof runJob>[0]} job
 */
async function runLegacyJob(job) {
  let inlineConfig;
  if (job.kind === 'tests') {
    inlineConfig = withLaunch(
      {
        root: job.cwd,
        ...(job.include ? { include: job.include } : {}),
        pool: { type: job.pool, maxWorkers: job.maxWorkers },
        reporters: [],
        ...(job.isolate === false ? { isolate: false } : {}),
        ...(job.browser ? { browser: { enabled: true, provider: 'playwright' } } : {}),
      },
      job.browser,
    );
  } else {
    const loaded = await loadConfig({ cwd: job.cwd, path: path.resolve(job.cwd, job.configFile) });
    inlineConfig = { ...withLaunch(loaded.content, job.browser), passWithNoTests: true };
  }
  /** @type {{ ok: boolean; files: any[]; unhandledErrors: any[] }} */
  const result = await api.runRstest({ cwd: job.cwd, inlineConfig });
  return {
    status: result.unhandledErrors.length ? 'error' : result.ok ? 'pass' : 'fail',
    files: result.files.map((file) => ({
      testPath: file.testPath,
      status: file.status,
      errors: slimErrors(file.errors),
      tests: file.results.map((/** @type {any} */ t) => ({
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
