// Runs the docs' code examples with the real @rstest/core (devDependency, 0.12.0), offline, in one temp folder:
//
//   <tmp>/node_modules/*          symlinks to the repository's node_modules entries (Rstest's own caches land in
//                                 <tmp>, never in the repository)
//   <tmp>/tests/<lang>/<page>/    every page's test blocks and support files: ONE Rstest run over all of them
//                                 (pool vmForks: a fresh VM context per file, ~10 ms a file); a block that would run
//                                 as one already written (an en/zh twin, comments aside) takes that file's result
//                                 instead of a file of its own (sharedTree); the files that fail
//                                 there at run time run once more in the default `forks` pool (the vm pool has its
//                                 own failures: doMock, an occasional closed worker channel), whose result is kept
//   <tmp>/configs/<lang>/<page>/L<line>/
//                                 one project per config block: the config, the page's support files and a trivial
//                                 passing test beside the config. Run with the config as Rstest loads it
//                                 (`loadConfig` + `createRstest`), in a few long-lived worker processes; projects
//                                 that differ only in comments (most en/zh twins) run once. Their types are
//                                 checked too (test/examples/config-types.ts): an unknown key fails there.
//   <tmp>/configs+tests/<lang>/<page>/L<line>/
//                                 the same project with the page's test files that fail in the shared run and that
//                                 no config above it on the page has passed: a page whose tests need `globals: true`,
//                                 jsdom or a plugin shows the config that sets it
//   <tmp>/configs+page/<lang>/<page>/L<line>/
//                                 the same project with all the page's test blocks, for a config that fails without
//                                 them (one that names the page's folders); this run's verdict is the config's
//
// Blocks marked `browser` / `browser-fragment` run in Chromium through Browser Mode instead, with the
// @rstest/core 0.11.9 + @rstest/browser 0.11.9 pair (test/examples/browser.ts, passed in as `options.browser`).
//
// A test block passes when its file passes in the shared run, or under one of its page's configs (a page whose
// tests need `globals: true` or `testEnvironment: 'jsdom'` shows that config). A config block passes when it loads
// and its run neither errors nor fails the trivial test. Support blocks are files for the others.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync, type Loader } from 'esbuild';
import { ROOT } from '../content/pages.ts';
import { pageAssets, supportFor, type Block } from './blocks.ts';
import { checkConfigTypes, typedConfig } from './config-types.ts';
import { checkSignatures } from './typecheck.ts';

export type Status = 'passed' | 'failed' | 'skipped' | 'support';

export interface Outcome {
  block: Block;
  status: Status;
  /** Why it failed (locations rewritten to `content/<lang>/<page>.md:<line>`), or the `no-run` reason. */
  message?: string;
}

export interface RunResult {
  outcomes: Outcome[];
  /** The temp folder (removed at the end unless `keep`). */
  tmp: string;
  durationMs: number;
  /** Rstest runs made (one per job). */
  runs: number;
}

export interface RunOptions {
  /** Keep the temp folder for a look at the files and the workers' logs. */
  keep?: boolean;
  /**
   * Worker processes (default 3, or EXAMPLES_WORKERS): a config run waits on its own test process about half of the
   * time, so three workers keep two cores busy.
   */
  workers?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /**
   * Runs the blocks marked `browser` / `browser-fragment` (test/examples/browser.ts: `runBrowserExamples`, passed in
   * by the caller, as that module builds on this one). Without it such blocks fail, saying so.
   */
  browser?: BrowserRunner;
}

export type BrowserRunner = (
  blocks: Block[],
  pageBlocksOf: (page: string) => Block[],
  options: { keep?: boolean; log?: (line: string) => void },
) => Promise<{ outcomes: Map<Block, Outcome>; runs: number }>;

export interface SerializedError {
  name?: string;
  message: string;
  stack?: string;
  diff?: string;
}

export interface FileResult {
  testPath: string;
  status: 'pass' | 'fail' | 'skip' | 'todo';
  errors: SerializedError[];
  tests: { name: string; status: string; errors: SerializedError[] }[];
}

export interface JobResult {
  ok: boolean;
  status?: 'pass' | 'fail' | 'error';
  files?: FileResult[];
  unhandledErrors?: SerializedError[];
  error?: SerializedError;
  durationMs?: number;
}

/** `browser`: run in Browser Mode, Playwright launching Chromium with these options (test/examples/browser.ts). */
export interface BrowserJob {
  launch: { executablePath: string; args: string[] };
}

export type Job =
  | {
      kind: 'tests';
      cwd: string;
      include?: string[];
      pool: 'vmForks' | 'forks';
      maxWorkers: number;
      browser?: BrowserJob;
      isolate?: boolean;
    }
  | { kind: 'config'; cwd: string; configFile: string; browser?: BrowserJob };

const WORKER = path.join(ROOT, 'test/examples/worker.mjs');
export const SMOKE_NAME = 'rstest-examples-smoke.test.ts';
export const SMOKE = `import { expect, test } from '@rstest/core';\n\ntest('the config loads and runs a test', () => {\n  expect(1 + 1).toBe(2);\n});\n`;
export const PACKAGE_JSON = `${JSON.stringify({ name: 'rstest-example', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`;
const TESTS_TIMEOUT_MS = 10 * 60_000;
const CONFIG_TIMEOUT_MS = 90_000;
const JOBS_PER_WORKER = 40;
const LOADERS: Record<string, Loader> = { ts: 'ts', tsx: 'tsx', js: 'jsx', jsx: 'jsx' };

/** The folder of a page inside a tree: `en/guide/basic/mock`. */
export const pageSlug = (block: Block) => `${block.lang}/${block.page.rel.replace(/\.md$/, '')}`;

export function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const runtimeKeys = new WeakMap<Block, string>();

/**
 * Code with comments and formatting normalised away (esbuild), plus the comments Rstest reads: for dedupe keys. Kept
 * per block: a support file is in the key of every project that has it (~1.5 ms a transform).
 */
export function runtimeKey(block: Block): string {
  let key = runtimeKeys.get(block);
  if (key === undefined) runtimeKeys.set(block, (key = normalisedCode(block)));
  return key;
}

function normalisedCode(block: Block): string {
  const directives = block.fence.content.match(/@(?:rstest|vitest|jest)-environment\S*.*$/gm) ?? [];
  try {
    return (
      transformSync(block.fence.content, {
        loader: LOADERS[block.fence.lang] ?? 'ts',
        jsx: 'preserve',
        logLevel: 'silent',
      }).code + directives.join('\n')
    );
  } catch {
    return block.fence.content;
  }
}

export const escapeGlob = (file: string) => file.replace(/[*?[\]{}()!+@]/g, '\\$&');
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Where a written file came from (its line N is line `block.fence.line + N` of the Markdown file). */
export interface Origin {
  block: Block;
  /** Lines the harness wrote above the block's first line (a Browser Mode fragment wrapped into a test). */
  offset?: number;
}

export class Project {
  /** Absolute path of a written file → its block. */
  readonly origins = new Map<string, Origin>();

  constructor(readonly dir: string) {}

  add(block: Block, file = block.file, content = block.fence.content, offset = 0): string {
    const abs = path.join(this.dir, file);
    write(abs, content);
    this.origins.set(abs, { block, offset });
    return abs;
  }
}

/** Long-lived worker processes (test/examples/worker.mjs) that take jobs from a queue, with a time limit each. */
export class WorkerPool {
  runs = 0;
  private queue: { job: Job; resolve: (r: JobResult) => void }[] = [];
  private idle: (() => void)[] = [];
  private closed = false;

  constructor(
    readonly size: number,
    private readonly logDir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    for (let i = 0; i < size; i++) void this.loop(i);
  }

  run(job: Job, front = false): Promise<JobResult> {
    return new Promise((resolve) => {
      if (front) this.queue.unshift({ job, resolve });
      else this.queue.push({ job, resolve });
      this.idle.shift()?.();
    });
  }

  close(): void {
    this.closed = true;
    for (const wake of this.idle.splice(0)) wake();
  }

  private spawn(slot: number): Promise<ChildProcess> {
    const log = fs.openSync(path.join(this.logDir, `worker-${slot}.log`), 'a');
    const child = fork(WORKER, [], {
      cwd: this.logDir,
      env: { ...this.env, EXAMPLES_WORKER_SLOT: String(slot) },
      execArgv: [],
      stdio: ['ignore', log, log, 'ipc'],
      detached: true,
    });
    fs.closeSync(log);
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(child));
      child.once('exit', (code) =>
        reject(new Error(`the examples worker exited at start (code ${code}); see ${this.logDir}`)),
      );
    });
  }

  private kill(child: ChildProcess): void {
    try {
      // The worker leads a process group: Rstest's own pool processes go with it.
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }

  private async loop(slot: number): Promise<void> {
    let child: ChildProcess | undefined;
    let served = 0;
    for (;;) {
      const next = this.queue.shift();
      if (!next) {
        if (this.closed) break;
        await new Promise<void>((wake) => this.idle.push(wake));
        continue;
      }
      if (!child || served >= JOBS_PER_WORKER) {
        if (child) this.kill(child);
        child = undefined;
        try {
          child = await this.spawn(slot);
        } catch (error) {
          next.resolve({ ok: false, error: { message: (error as Error).message } });
          continue;
        }
        served = 0;
      }
      served++;
      this.runs++;
      const limit = next.job.kind === 'tests' ? TESTS_TIMEOUT_MS : CONFIG_TIMEOUT_MS;
      const worker = child;
      const result = await new Promise<JobResult>((resolve) => {
        const timer = setTimeout(() => {
          cleanup();
          resolve({ ok: false, error: { message: `Rstest did not finish within ${limit / 1000} s (killed)` } });
        }, limit);
        const onMessage = (message: JobResult) => {
          cleanup();
          resolve(message);
        };
        const onExit = (code: number | null) => {
          cleanup();
          resolve({
            ok: false,
            error: {
              message: `the Rstest process exited (code ${code}) during the run; log: ${path.join(this.logDir, `worker-${slot}.log`)}`,
            },
          });
        };
        const cleanup = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('exit', onExit);
        };
        worker.on('message', onMessage);
        worker.on('exit', onExit);
        worker.send({ id: this.runs, job: next.job });
      });
      if (!result.ok && /killed|exited/.test(result.error?.message ?? '')) {
        this.kill(worker);
        child = undefined;
      }
      fs.appendFileSync(
        path.join(this.logDir, 'jobs.jsonl'),
        `${JSON.stringify({ worker: slot, ...next.job, include: next.job.kind === 'tests' ? next.job.include?.length : undefined, ok: result.ok, status: result.status, ms: result.durationMs })}\n`,
      );
      next.resolve(result);
    }
    if (child) this.kill(child);
  }
}

/** The environment Rstest runs in: not "CI" (new snapshots are written, as on a reader's machine), no colours. */
export function workerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, RSTEST_NO_AGENT: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const key of [
    'CI',
    'CONTINUOUS_INTEGRATION',
    'GITHUB_ACTIONS',
    'GITLAB_CI',
    'BUILD_NUMBER',
    'RUN_ID',
    'NODE_TEST_CONTEXT',
  ])
    delete env[key];
  // Every process below (the worker, Rstest, its test workers) refuses connections that leave this machine.
  env.NODE_OPTIONS = `--import=${pathToFileURL(path.join(ROOT, 'test/examples/offline.mjs')).href}`;
  return env;
}

/** A temp folder whose node_modules entries link to the repository's (Rstest resolves them; caches stay here). */
function makeTempRoot(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rstest-examples-'));
  const modules = path.join(tmp, 'node_modules');
  fs.mkdirSync(modules);
  const source = path.join(ROOT, 'node_modules');
  for (const entry of fs.readdirSync(source)) {
    if (entry === '.cache') continue;
    fs.symlinkSync(path.join(source, entry), path.join(modules, entry));
  }
  write(path.join(tmp, 'package.json'), PACKAGE_JSON);
  fs.mkdirSync(path.join(tmp, 'logs'));
  return tmp;
}

/** Rewrites `file:line:col` of written files (absolute, or relative to `cwd`) to the Markdown line they came from. */
function locate(text: string, cwd: string, origins: Map<string, Origin>, fileOfErrors?: string): string {
  let out = text.replace(
    /((?:\/|\.{0,2}\/?)[^\s:()'"`]+?\.[cm]?[jt]sx?):(\d+)(?::(\d+))?/g,
    (whole, file: string, line: string) => {
      const origin = origins.get(path.resolve(cwd, file));
      if (!origin) return whole;
      return `${origin.block.page.file}:${origin.block.fence.line + Number(line) - (origin.offset ?? 0)}`;
    },
  );
  // swc's code frames name no file: `╭─[2:18]` is a line of the file the error belongs to.
  const own = fileOfErrors ? origins.get(fileOfErrors) : undefined;
  if (own)
    out = out.replace(
      /─\[(\d+):(\d+)\]/g,
      (_w, line: string) => `─[${own.block.page.file}:${own.block.fence.line + Number(line) - (own.offset ?? 0)}]`,
    );
  // Other paths of written files (no line): the block's opening fence. Paths of files no block wrote: relative to
  // the config's project folder (`test/setup.ts`), or under `<tmp>`.
  out = out.replace(/\/[^\s:()'"`]+\/rstest-examples-[^/\s]+\/[^\s:()'"`]+/g, (abs) => {
    const origin = origins.get(abs);
    if (origin) return origin.block.where;
    return abs
      .replace(/^.*?\/rstest-examples-[^/]+\/configs[^/]*\/(?:en|zh)\/.+?\/L\d+\//, '')
      .replace(/^.*?\/rstest-examples-[^/]+\//, '<tmp>/');
  });
  return out;
}

export function describeError(
  error: SerializedError,
  cwd: string,
  origins: Map<string, Origin>,
  file?: string,
): string {
  const head = stripAnsi(
    `${error.name && !error.message.startsWith(error.name) ? `${error.name}: ` : ''}${error.message}`,
  ).trim();
  // Node's "Require stack:" list repeats the test file's path: noise here.
  const lines = head
    .replace(/\nRequire stack:(?:\n- .*)*/g, '')
    .split('\n')
    .slice(0, 14);
  // The first stack frame in an example file says where, when the message does not.
  const frame = (error.stack ?? '')
    .split('\n')
    .map((l) => /\(?((?:\/|\.{0,2}\/?)[^\s:()]+?\.[cm]?[jt]sx?):(\d+):(\d+)\)?\s*$/.exec(l.trim()))
    .find((m) => m && origins.has(path.resolve(cwd, m[1])));
  if (frame) lines.push(`at ${frame[1]}:${frame[2]}:${frame[3]}`);
  else {
    // A module that is not there: point at the line of the block that imports it.
    const missing = /Cannot find module '([^']+)'|Can't resolve '([^']+)'/.exec(head);
    const own = file ? origins.get(file) : undefined;
    if (missing && own) {
      const spec = missing[1] ?? missing[2];
      const at = own.block.fence.content
        .split('\n')
        .findIndex((l) => l.includes(`'${spec}'`) || l.includes(`"${spec}"`));
      if (at >= 0) lines.push(`at ${own.block.page.file}:${own.block.fence.line + at + 1}`);
    }
  }
  return locate(lines.join('\n'), cwd, origins, file);
}

export function describeFile(result: FileResult, cwd: string, origins: Map<string, Origin>): string {
  const parts: string[] = result.errors.map((e) => describeError(e, cwd, origins, result.testPath));
  for (const test of result.tests) {
    if (test.status !== 'fail') continue;
    const why =
      [...new Set(test.errors.map((e) => describeError(e, cwd, origins, result.testPath)))].join('\n') || 'failed';
    parts.push(`test "${test.name}": ${why}`);
  }
  return [...new Set(parts)].join('\n') || `Rstest reported the file as ${result.status}`;
}

/** Two failure texts that differ only in Markdown locations or temp paths. */
export const sameError = (a: string, b: string) => {
  const norm = (t: string) =>
    t.replace(/content\/(?:en|zh)\/\S+?\.md:\d+/g, '<at>').replace(/\/\S*rstest-examples-\S+/g, '<tmp>');
  return norm(a) === norm(b);
};

/** Failures before any test runs that no pool changes: nothing to import, no test in the file, a syntax error. */
const BEFORE_ANY_TEST = /No test suites found|Cannot find module|Can't resolve|Module build failed|Failed to load/;
/**
 * A ReferenceError for a name Node's own global object lacks too (`React`, `document`, `describe` without
 * `globals`): the default pool defines it no more than the vm pool does (which lacks some of Node's own).
 */
const undefinedInNode = (message: string) => {
  const name = /^([A-Za-z_$][\w$]*) is not defined$/.exec(message)?.[1];
  return !!name && !(name in globalThis);
};

/** A file that fails for a reason no pool changes: every error of the file and of its failed tests is one. */
export const poolIndependent = (file: FileResult | undefined) => {
  if (!file) return false;
  const failed = file.tests.filter((t) => !isGood(t.status));
  const errors = [...file.errors, ...failed.flatMap((t) => t.errors)];
  return (
    errors.length > 0 &&
    failed.every((t) => t.errors.length > 0) &&
    errors.every((e) => BEFORE_ANY_TEST.test(e.message) || undefinedInNode(e.message))
  );
};

export const isGood = (status: string | undefined) => status === 'pass' || status === 'skip' || status === 'todo';
/** A test file that passed with at least one test (a config run passes files with none: passWithNoTests). */
export const fileGood = (file: FileResult | undefined) =>
  !!file && (file.status === 'skip' || file.status === 'todo' || (file.status === 'pass' && file.tests.length > 0));

/**
 * The shared run's tree under `root`: a folder per page (one per support-file version set when the page's support
 * files repeat a title) with its support files and test files. A test file that would run as one already written
 * (the same code and support files, comments aside, line for line: most en/zh twins) is not written again; its block
 * maps to that file, whose result is its own.
 */
export function sharedTree(
  root: string,
  tests: Block[],
  filesOf: (b: Block) => Block[],
  addTest = (project: Project, test: Block, file: string) => project.add(test, file),
): { project: Project; testFileOf: Map<Block, string> } {
  const project = new Project(root);
  const testFileOf = new Map<Block, string>();
  const written = new Map<string, string>();
  const byPage = new Map<string, Block[]>();
  for (const test of tests) byPage.set(test.page.file, [...(byPage.get(test.page.file) ?? []), test]);
  for (const pageTests of byPage.values()) {
    const variants = new Map<string, { supports: Block[]; tests: Block[] }>();
    for (const test of pageTests) {
      const supports = supportFor(test, filesOf(test));
      const key = supports.map((b) => b.fence.line).join(',');
      variants.set(key, { supports, tests: [...(variants.get(key)?.tests ?? []), test] });
    }
    let n = 0;
    for (const { supports, tests: group } of variants.values()) {
      const folder = path.join(pageSlug(group[0]), variants.size > 1 ? `~v${++n}` : '');
      const supportKeys = supports.map((b) => `${b.file}\n${runtimeKey(b)}`).sort();
      let supportsWritten = false;
      for (const test of group) {
        // A file name the harness made up (`example-L12.test.ts`, `cart.L71.test.ts`) carries the line: not compared.
        const name = test.file.replace(/([-.])L\d+(?=\.)/g, '$1L');
        const lines = test.fence.content.split('\n').length;
        const key = [
          ...supportKeys,
          `${name} ${lines} ${JSON.stringify(test.browser ?? {})}\n${runtimeKey(test)}`,
        ].join('\n\0');
        const twin = written.get(key);
        if (twin) {
          testFileOf.set(test, twin);
          continue;
        }
        if (!supportsWritten) for (const support of supports) project.add(support, path.join(folder, support.file));
        supportsWritten = true;
        const file = addTest(project, test, path.join(folder, test.file));
        written.set(key, file);
        testFileOf.set(test, file);
      }
    }
  }
  return { project, testFileOf };
}

/** A config block's project: the config, a trivial test beside it, and the page's test blocks it runs. */
export interface ConfigProject {
  block: Block;
  project: Project;
  cwd: string;
  configFile: string;
  smoke: string;
  testFiles: Map<string, Block>;
  key: string;
}

/**
 * A config block's project under `root`: its support files, the given test blocks (written by `addTest`, which
 * returns the path), the config, a package.json unless the page shows one, and a trivial test beside the config.
 * `key` names what the run depends on: twins that differ only in comments run once.
 */
export function configProject(
  root: string,
  config: Block,
  supports: Block[],
  tests: Block[],
  addTest: (project: Project, test: Block) => string,
): ConfigProject {
  const project = new Project(path.join(root, pageSlug(config), `L${config.fence.line}`));
  const keyParts: string[] = [`config ${config.file}`];
  for (const support of supports) {
    project.add(support);
    keyParts.push(`${support.file}\n${runtimeKey(support)}`);
  }
  const testFiles = new Map<string, Block>();
  for (const test of tests) {
    testFiles.set(addTest(project, test), test);
    keyParts.push(`${test.file}\n${runtimeKey(test)}`);
  }
  const configPath = project.add(config);
  keyParts.push(runtimeKey(config));
  const cwd = path.dirname(configPath);
  // A project has a package.json (configs read it, Rstest names projects after it), unless the page shows one.
  if (!fs.existsSync(path.join(project.dir, 'package.json')))
    write(path.join(project.dir, 'package.json'), PACKAGE_JSON);
  const smoke = path.join(cwd, SMOKE_NAME);
  write(smoke, SMOKE);
  const key = crypto.createHash('sha1').update(keyParts.sort().join('\n\0')).digest('hex');
  return { block: config, project, cwd, configFile: path.basename(configPath), smoke, testFiles, key };
}

/** A config run failed: Rstest could not run, the trivial test failed, or the run failed with every file good. */
export function configFailed(c: ConfigProject, r: JobResult): boolean {
  if (!r.ok || r.status === 'error') return true;
  const smoke = r.files?.find((f) => f.testPath === c.smoke);
  if (smoke && !fileGood(smoke)) return true;
  return r.status === 'fail' && !(r.files ?? []).some((f) => !isGood(f.status));
}

/**
 * Each config block's outcome from its run, then each test block's: passed when the shared run or one of its
 * page's configs ran it well, else failed with every distinct reason. `mode` prefixes the messages
 * ("(Browser Mode) …").
 */
export function settleOutcomes(
  outcomes: Map<Block, Outcome>,
  run: {
    configs: ConfigProject[];
    /** The config runs whose test files count for the test blocks (default: `configs`). */
    testRuns?: ConfigProject[];
    configResults: Map<ConfigProject, JobResult>;
    testFileOf: Map<Block, string>;
    sharedResults: Map<string, FileResult>;
    testsRoot: string;
    origins: Map<string, Origin>;
    mode?: 'Browser Mode';
  },
): void {
  const prefix = run.mode ? `(${run.mode}) ` : '';
  const underConfigs = new Map<Block, { config: ConfigProject; file: FileResult }[]>();
  for (const c of run.testRuns ?? run.configs) {
    for (const file of run.configResults.get(c)?.files ?? []) {
      const test = c.testFiles.get(file.testPath);
      if (test) underConfigs.set(test, [...(underConfigs.get(test) ?? []), { config: c, file }]);
    }
  }
  for (const c of run.configs) {
    const result = run.configResults.get(c)!;
    if (!configFailed(c, result)) {
      outcomes.set(c.block, { block: c.block, status: 'passed' });
      continue;
    }
    const smoke = result.files?.find((f) => f.testPath === c.smoke);
    let message: string;
    if (!result.ok) message = describeError(result.error ?? { message: 'unknown error' }, c.cwd, c.project.origins);
    else if (result.status === 'error')
      message =
        (result.unhandledErrors ?? []).map((e) => describeError(e, c.cwd, c.project.origins)).join('\n') ||
        'Rstest reported an error';
    else if (smoke && !fileGood(smoke))
      message = `a trivial test beside this config failed:\n${describeFile(smoke, c.cwd, c.project.origins)}`;
    else
      message =
        'Rstest reported a failed run with no failing test file (a coverage threshold, a reporter, a globalSetup?)';
    outcomes.set(c.block, { block: c.block, status: 'failed', message: prefix + message });
  }

  for (const [test, file] of run.testFileOf) {
    const result = run.sharedResults.get(file);
    const configRuns = underConfigs.get(test) ?? [];
    if (fileGood(result) || configRuns.some((r) => fileGood(r.file))) {
      outcomes.set(test, { block: test, status: 'passed' });
      continue;
    }
    const missing = run.mode
      ? `Rstest did not run this file in ${run.mode}`
      : 'Rstest did not run this file (is it a test file name Rstest includes?)';
    // A twin's file was written for its first block: its own lines name the failure.
    const origin = run.origins.get(file);
    const origins =
      origin && origin.block !== test ? new Map(run.origins).set(file, { ...origin, block: test }) : run.origins;
    const parts = [result ? describeFile(result, run.testsRoot, origins) : missing];
    for (const r of configRuns) {
      if (r.file.status !== 'fail') continue;
      const why = describeFile(r.file, r.config.cwd, r.config.project.origins);
      if (sameError(why, parts[0])) continue;
      parts.push(`with the config at ${r.config.block.where}: ${why}`);
    }
    outcomes.set(test, { block: test, status: 'failed', message: prefix + parts.join('\n') });
  }
}

/** The @rstest/core the examples run with: the repository's devDependency, installed at exactly that version. */
export function rstestVersion(): { pinned: string; installed: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const installedFile = path.join(ROOT, 'node_modules/@rstest/core/package.json');
  const installed = fs.existsSync(installedFile)
    ? (JSON.parse(fs.readFileSync(installedFile, 'utf8')) as { version: string }).version
    : 'not installed';
  return { pinned: pkg.devDependencies?.['@rstest/core'] ?? 'not in devDependencies', installed };
}

export async function runExamples(blocks: Block[], options: RunOptions = {}): Promise<RunResult> {
  const { pinned, installed } = rstestVersion();
  if (pinned !== installed)
    throw new Error(`@rstest/core: package.json pins ${pinned}, node_modules has ${installed}: run npm ci`);
  const started = Date.now();
  const log = options.log ?? (() => {});
  const outcomes = new Map<Block, Outcome>();
  const tmp = makeTempRoot();

  const byPage = new Map<string, Block[]>();
  for (const block of blocks) {
    const list = byPage.get(block.page.file) ?? [];
    list.push(block);
    byPage.set(block.page.file, list);
  }
  // What a page's support files are chosen from: its support blocks and its assets (.vue, .txt …), in page order.
  const filesOf = new Map<string, Block[]>();
  for (const [file, list] of byPage)
    filesOf.set(
      file,
      [...list, ...pageAssets(list[0].page)].sort((a, b) => a.fence.line - b.fence.line),
    );

  // Marked blocks, and support files (which only run through the blocks that import them).
  for (const block of blocks) {
    if (block.noRun !== undefined && block.signature !== undefined)
      outcomes.set(block, {
        block,
        status: 'failed',
        message: 'a block is either no-run="…" or a signature, not both',
      });
    else if (block.noRun === '')
      outcomes.set(block, {
        block,
        status: 'failed',
        message: 'no-run needs a reason: no-run="…" (why this block cannot run)',
      });
    else if (block.noRun !== undefined) outcomes.set(block, { block, status: 'skipped', message: block.noRun });
    else if (block.role === 'support') outcomes.set(block, { block, status: 'support' });
  }
  // Blocks marked `browser` / `browser-fragment` run in Browser Mode (test/examples/browser.ts), not here.
  const runnable = (b: Block) =>
    b.noRun === undefined && b.signature === undefined && b.role !== 'support' && !b.browser;

  // Signature blocks: type-checked (one tsc run, test/examples/typecheck.ts) while Rstest runs the others.
  const signatureBlocks = blocks.filter((b) => b.signature !== undefined && b.noRun === undefined);
  const signatures = checkSignatures(signatureBlocks, tmp).catch((error: Error) =>
    signatureBlocks.map((block) => ({
      block,
      ok: false,
      message: `the signature check failed: ${error.stack ?? error.message}`,
      compared: [],
    })),
  );

  // Config blocks: their types checked (one tsc run, test/examples/config-types.ts) beside their runs.
  const configTypes = checkConfigTypes(blocks, (page) => filesOf.get(page) ?? [], tmp).catch((error: Error) =>
    blocks
      .filter(typedConfig)
      .map((block) => ({ block, ok: false, message: `the config type check failed: ${error.stack ?? error.message}` })),
  );

  // One tree for the shared test run.
  const testsRoot = path.join(tmp, 'tests');
  const { project: shared, testFileOf } = sharedTree(
    testsRoot,
    blocks.filter((b) => runnable(b) && b.role === 'test'),
    (b) => filesOf.get(b.page.file)!,
  );
  // The files written (a twin's block shares its file).
  const sharedFiles = new Set(testFileOf.values());
  // One project per config block (its support files and a trivial test), deduplicated by what Rstest would actually
  // run (comments do not count).
  const configs: ConfigProject[] = [];
  // A config block's project under <tmp>/<folder>, with the given test blocks beside it.
  const projectOf = (folder: string, config: Block, tests: Block[]) =>
    configProject(path.join(tmp, folder), config, supportFor(config, filesOf.get(config.page.file)!), tests, (p, t) =>
      p.add(t),
    );
  for (const pageBlocks of byPage.values()) {
    for (const config of pageBlocks.filter((b) => runnable(b) && b.role === 'config'))
      configs.push(projectOf('configs', config, []));
  }

  const pool = new WorkerPool(
    Math.max(1, options.workers ?? (Number(process.env.EXAMPLES_WORKERS) || 3)),
    path.join(tmp, 'logs'),
    workerEnv(),
  );

  // The shared run, then its failures again in the default pool.
  const sharedRun = (async () => {
    if (!testFileOf.size) return new Map<string, FileResult>();
    log(`rstest: ${sharedFiles.size} test files (${testFileOf.size} blocks) in one run (pool vmForks)`);
    const first = await pool.run({ kind: 'tests', cwd: testsRoot, pool: 'vmForks', maxWorkers: 2 });
    const results = new Map<string, FileResult>();
    if (!first.ok) {
      // Rstest itself failed (not a test): every test block says so, with its message.
      const error = { message: `the shared Rstest run failed: ${first.error?.message}`, stack: first.error?.stack };
      for (const file of sharedFiles) results.set(file, { testPath: file, status: 'fail', errors: [error], tests: [] });
      return results;
    }
    for (const file of first.files ?? []) results.set(file.testPath, file);
    fs.writeFileSync(
      path.join(tmp, 'logs', 'shared-run.json'),
      JSON.stringify(first.files?.filter((f) => !fileGood(f)) ?? [], null, 1),
    );
    // Failures that no pool changes (nothing to import, no test in the file, a syntax error, a name no pool
    // defines) are final.
    const again = [...sharedFiles].filter(
      (file) => !fileGood(results.get(file)) && !poolIndependent(results.get(file)),
    );
    if (again.length) {
      log(`rstest: ${again.length} failing test files once more in the default pool (forks)`);
      const include = again.map((file) => escapeGlob(path.relative(testsRoot, file)));
      const second = await pool.run({ kind: 'tests', cwd: testsRoot, include, pool: 'forks', maxWorkers: 2 }, true);
      if (second.ok) for (const file of second.files ?? []) results.set(file.testPath, file);
      const flipped = (second.files ?? [])
        .filter(fileGood)
        .map((f) => shared.origins.get(f.testPath)?.block.where ?? f.testPath);
      log(`rstest: ${flipped.length} of them pass there${flipped.length ? `: ${flipped.join(', ')}` : ''}`);
    }
    return results;
  })();

  // Config runs: one per distinct project; a failing one is run again for each of its twins (own line numbers). A
  // config that fails alone may need its page's files (`projects: ['packages/*']`): it runs again with the page's test
  // blocks (`<tmp>/configs+page/`), and that run's verdict is kept; its test files count for the tests too.
  log(`rstest: ${configs.length} config blocks, ${new Set(configs.map((c) => c.key)).size} distinct runs`);
  const configResults = new Map<ConfigProject, JobResult>();
  const testConfigs: ConfigProject[] = [];
  const runWith = async (c: ConfigProject, front = false) => {
    const result = await pool.run({ kind: 'config', cwd: c.cwd, configFile: c.configFile }, front);
    configResults.set(c, result);
    return result;
  };
  const runConfig = async (c: ConfigProject) => {
    const result = await runWith(c);
    const tests = byPage.get(c.block.page.file)!.filter((b) => runnable(b) && b.role === 'test');
    if (!configFailed(c, result) || !tests.length) return result;
    const full = projectOf('configs+page', c.block, tests);
    testConfigs.push(full);
    const again = await runWith(full, true);
    configResults.set(c, { ...again, files: remapFiles(again.files ?? [], full, c) });
    return configResults.get(c)!;
  };
  await runTwinsOnce(configs, runConfig, configResults);
  // The test files that fail in the shared run, under their page's configs (one that sets `globals`, jsdom or a plugin
  // the tests need), in page order, each run with the files no config of the page has passed yet, until none is left;
  // a config that has already run with all of the page's tests is not run again. First in the queue: the longest runs.
  const withPageTests = new Set(testConfigs.map((c) => c.block));
  const testRuns = sharedRun.then(async (results) => {
    const failing = new Map<string, Block[]>();
    for (const [test, file] of testFileOf)
      if (!fileGood(results.get(file))) failing.set(test.page.file, [...(failing.get(test.page.file) ?? []), test]);
    const projects: ConfigProject[] = [];
    await Promise.all(
      [...failing].map(async ([page, tests]) => {
        let left = tests;
        for (const config of configs.filter((c) => c.block.page.file === page && !withPageTests.has(c.block))) {
          if (!left.length) break;
          const project = projectOf('configs+tests', config.block, left);
          projects.push(project);
          const passed = new Set(
            ((await runWith(project, true)).files ?? []).filter(fileGood).map((f) => project.testFiles.get(f.testPath)),
          );
          left = left.filter((test) => !passed.has(test));
        }
      }),
    );
    if (projects.length)
      log(`rstest: the test files that fail there, under their pages' configs: ${projects.length} runs`);
    return projects;
  });
  const sharedResults = await sharedRun;
  testConfigs.push(...(await testRuns));
  pool.close();

  const browserBlocks = blocks.filter(
    (b) => b.browser && b.noRun === undefined && b.signature === undefined && b.role !== 'support',
  );
  const browserRun = options.browser
    ? await options.browser(browserBlocks, (page) => byPage.get(page) ?? [], { keep: options.keep, log })
    : { outcomes: new Map<Block, Outcome>(), runs: 0 };
  for (const [block, outcome] of browserRun.outcomes) outcomes.set(block, outcome);
  if (!options.browser) {
    for (const b of browserBlocks)
      outcomes.set(b, {
        block: b,
        status: 'failed',
        message:
          'a Browser Mode block, and no Browser Mode runner was given (runExamples(blocks, { browser: runBrowserExamples }))',
      });
  }

  // Config outcomes, and what each test block did under its page's configs.
  settleOutcomes(outcomes, {
    configs,
    testRuns: testConfigs,
    configResults,
    testFileOf,
    sharedResults,
    testsRoot,
    origins: shared.origins,
  });

  for (const result of await signatures) {
    outcomes.set(result.block, {
      block: result.block,
      status: result.ok ? 'passed' : 'failed',
      message: result.message,
    });
  }
  log(`tsc: ${(await signatures).length} signature blocks type-checked`);
  // A config block fails when its types do, whatever its run did (Rstest ignores a key it does not know).
  for (const result of await configTypes) {
    if (result.ok) continue;
    const before = outcomes.get(result.block);
    const message = before?.status === 'failed' ? `${before.message}\n${result.message}` : result.message;
    outcomes.set(result.block, { block: result.block, status: 'failed', message });
  }
  log(`tsc: ${(await configTypes).length} config blocks type-checked`);

  if (!options.keep) fs.rmSync(tmp, { recursive: true, force: true });
  return {
    outcomes: blocks.map(
      (b) =>
        outcomes.get(b) ?? {
          block: b,
          status: 'failed',
          message: 'the harness did not run this block (a bug in test/examples)',
        },
    ),
    tmp,
    durationMs: Date.now() - started,
    runs: pool.runs + browserRun.runs,
  };
}

/**
 * Runs each distinct project (by `key`: twins that differ only in comments) once, its twins taking its result under
 * their own paths; when it fails, each twin runs too, for messages at its own lines.
 */
export async function runTwinsOnce(
  projects: ConfigProject[],
  run: (c: ConfigProject) => Promise<JobResult>,
  results: Map<ConfigProject, JobResult>,
): Promise<void> {
  const byKey = new Map<string, ConfigProject[]>();
  for (const c of projects) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  await Promise.all(
    [...byKey.values()].map(async ([first, ...twins]) => {
      const result = await run(first);
      if (configFailed(first, result)) await Promise.all(twins.map(run));
      else
        for (const twin of twins) results.set(twin, { ...result, files: remapFiles(result.files ?? [], first, twin) });
    }),
  );
}

/** A twin's file results: the same outcome, under the twin project's paths. */
function remapFiles(files: FileResult[], from: { project: Project }, to: { project: Project }): FileResult[] {
  return files.map((f) => ({ ...f, testPath: path.join(to.project.dir, path.relative(from.project.dir, f.testPath)) }));
}
