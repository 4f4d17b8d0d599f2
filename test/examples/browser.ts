// The Browser Mode examples: blocks marked `browser` or `browser-fragment` (test/examples/blocks.ts) run in
// Chromium through Rstest's Browser Mode, with the pair @rstest/core 0.11.9 + @rstest/browser 0.11.9 (and
// @rstest/browser-react 0.11.8) of the npm workspace test/examples/browser-mode: @rstest/browser has no 0.12.0
// release, and 0.11.9 refuses any @rstest/core but 0.11.9 (a version check when Browser Mode loads).
//
// Chromium is Debian's (CHROME_PATH, else /usr/bin/chromium), never a downloaded one: every run gets
// `browser.providerOptions.launch = { executablePath, args }` (worker.mjs adds it to the config, and to each inline
// project that enables Browser Mode) and runs headless.
//
//   <tmp>/node_modules/*     the repository's node_modules, with the workspace's @rstest/core, @rstest/browser,
//                            @rstest/browser-react (and their @rsbuild/@rspack) in front
//   <tmp>/tests/<lang>/<page>/
//                            every page's Browser Mode tests (fragments wrapped) and support files: ONE Rstest run;
//                            if it fails as a whole (Browser Mode builds the files of a run together: one file that
//                            does not build, such as a .vue import without the Vue plugin, fails them all), one run
//                            per page
//   <tmp>/configs/<lang>/<page>/L<line>/
//                            one project per Browser Mode config block, as in run.ts (the config, the page's support
//                            files, a trivial test, and the Browser Mode tests shown between this config and the
//                            page's next config: a page that shows a React setup, then a Vue one, tests each under
//                            its own config); twins that differ only in comments run once
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../content/pages.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.ts';
import { pageAssets, supportFor, type Block } from './blocks.ts';
import {
  configProject,
  settleOutcomes,
  type ConfigProject,
  describeError,
  escapeGlob,
  fileGood,
  PACKAGE_JSON,
  pageSlug,
  type Project,
  runTwinsOnce,
  sharedTree,
  WorkerPool,
  workerEnv,
  write,
  type BrowserJob,
  type FileResult,
  type Job,
  type JobResult,
  type Outcome,
} from './run.ts';

/** The npm workspace that holds the Browser Mode packages. */
export const BROWSER_WORKSPACE = path.join(ROOT, 'test/examples/browser-mode');

/**
 * Test files a Browser Mode run loads at once (its `maxWorkers`: pages of the one Chromium). A file mostly waits for
 * its page to load and for Playwright's round trips, so four pages keep two cores busy.
 */
const BROWSER_PAGES = Number(process.env.EXAMPLES_BROWSER_PAGES) || 4;

export function browserLaunch(): BrowserJob {
  return { launch: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } };
}

const installedVersion = (dir: string, pkg: string): string => {
  const file = path.join(dir, 'node_modules', pkg, 'package.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
    : 'not installed';
};

/** The versions the Browser Mode examples run with: pinned in the workspace, and installed. */
export function browserVersions(): { pkg: string; pinned: string; installed: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(BROWSER_WORKSPACE, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  return ['@rstest/core', '@rstest/browser', '@rstest/browser-react'].map((pkg) => {
    const local = installedVersion(BROWSER_WORKSPACE, pkg);
    return {
      pkg,
      pinned: manifest.devDependencies[pkg],
      installed: local !== 'not installed' ? local : installedVersion(ROOT, pkg),
    };
  });
}

/** Imports and a test around a fragment, on ONE line (the fragment's line N is line N + 1 of the file). */
export function wrapFragment(block: Block): { content: string; offset: number } {
  const fixture = block.browser?.fixture;
  const head =
    "import { page } from '@rstest/browser'; import { expect, test } from '@rstest/core'; " +
    `test(${JSON.stringify(`fragment at ${block.where}`)}, async () => { ` +
    (fixture !== undefined ? `document.body.innerHTML = ${JSON.stringify(fixture)}; ` : '') +
    // `expect` is used by most fragments; this keeps the import alive for the ones that only build locators.
    'void expect;';
  return { content: `${head}\n${block.fence.content}\n});\n`, offset: 1 };
}

/** A temp folder whose node_modules link to the workspace's Browser Mode packages first, then the repository's. */
function makeBrowserRoot(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rstest-examples-browser-'));
  const modules = path.join(tmp, 'node_modules');
  const sources = [path.join(BROWSER_WORKSPACE, 'node_modules'), path.join(ROOT, 'node_modules')];
  const link = (from: string, to: string) => {
    if (!fs.existsSync(to)) fs.symlinkSync(from, to);
  };
  fs.mkdirSync(modules);
  for (const source of sources) {
    if (!fs.existsSync(source)) continue;
    for (const entry of fs.readdirSync(source)) {
      if (entry === '.cache' || entry === '.bin' || entry === '.package-lock.json') continue;
      if (entry.startsWith('@')) {
        fs.mkdirSync(path.join(modules, entry), { recursive: true });
        for (const name of fs.readdirSync(path.join(source, entry)))
          link(path.join(source, entry, name), path.join(modules, entry, name));
      } else link(path.join(source, entry), path.join(modules, entry));
    }
  }
  write(path.join(tmp, 'package.json'), PACKAGE_JSON);
  fs.mkdirSync(path.join(tmp, 'logs'));
  return tmp;
}

export interface BrowserRun {
  outcomes: Map<Block, Outcome>;
  runs: number;
}

/**
 * Runs the given blocks (all marked `browser` / `browser-fragment`, none `no-run`, no support files) in Browser
 * Mode. `pageBlocksOf` gives all blocks of a page (support files are chosen from them).
 */
export async function runBrowserExamples(
  blocks: Block[],
  pageBlocksOf: (page: string) => Block[],
  options: { keep?: boolean; log?: (line: string) => void } = {},
): Promise<BrowserRun> {
  const outcomes = new Map<Block, Outcome>();
  if (!blocks.length) return { outcomes, runs: 0 };
  const log = options.log ?? (() => {});
  const versions = browserVersions();
  const wrong = versions.filter((v) => v.pinned !== v.installed);
  if (wrong.length) {
    const message = `Browser Mode packages not installed as pinned in test/examples/browser-mode/package.json (${wrong.map((v) => `${v.pkg}: ${v.pinned} pinned, ${v.installed} installed`).join('; ')}): run npm ci`;
    for (const b of blocks) outcomes.set(b, { block: b, status: 'failed', message });
    return { outcomes, runs: 0 };
  }
  const browser = browserLaunch();
  if (!fs.existsSync(browser.launch.executablePath)) {
    const message = `no Chromium at ${browser.launch.executablePath}: install Debian's chromium, or set CHROME_PATH (Playwright's own browsers are never downloaded)`;
    for (const b of blocks) outcomes.set(b, { block: b, status: 'failed', message });
    return { outcomes, runs: 0 };
  }
  const tmp = makeBrowserRoot();
  const filesOf = (b: Block) =>
    [...pageBlocksOf(b.page.file), ...pageAssets(b.page)].sort((x, y) => x.fence.line - y.fence.line);
  const tests = blocks.filter((b) => b.role === 'test');

  // One tree for the shared run (as in run.ts: twins written once).
  const testsRoot = path.join(tmp, 'tests');
  const addTest = (project: Project, test: Block, file: string) => {
    if (!test.browser?.fragment) return project.add(test, file);
    const { content, offset } = wrapFragment(test);
    return project.add(test, file, content, offset);
  };
  const { project: shared, testFileOf } = sharedTree(testsRoot, tests, filesOf, addTest);
  // The files written (a twin's block shares its file).
  const sharedFiles = new Set(testFileOf.values());
  const pageDirs = new Set([...shared.origins.values()].map((o) => path.join(testsRoot, pageSlug(o.block))));
  const configs: ConfigProject[] = [];
  for (const config of blocks.filter((b) => b.role === 'config')) {
    const nextConfig =
      blocks.find((b) => b.role === 'config' && b.page === config.page && b.fence.line > config.fence.line)?.fence
        .line ?? Infinity;
    const mine = tests.filter(
      (b) => b.page === config.page && b.fence.line > config.fence.line && b.fence.line < nextConfig,
    );
    configs.push(
      configProject(path.join(tmp, 'configs'), config, supportFor(config, filesOf(config)), mine, (project, test) =>
        addTest(project, test, test.file),
      ),
    );
  }

  // Each Browser Mode run starts its own Chromium: two workers keep the two cores busy.
  const env = { ...workerEnv(), EXAMPLES_RSTEST_FROM: BROWSER_WORKSPACE, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const workers = new WorkerPool(2, path.join(tmp, 'logs'), env);
  // A Rstest process that dies during a Browser Mode run (Chromium lost under load, seen once in a full run) is no
  // verdict on the examples: such a job runs once more, and its second result is kept.
  const pool = {
    run: async (job: Job): Promise<JobResult> => {
      const first = await workers.run(job);
      if (first.ok || !/exited|did not finish/.test(first.error?.message ?? '')) return first;
      log(`rstest (Browser Mode): ${first.error?.message}; once more: ${path.relative(tmp, job.cwd)}`);
      return workers.run(job);
    },
    close: () => workers.close(),
    get runs() {
      return workers.runs;
    },
  };
  log(
    `rstest (Browser Mode): ${sharedFiles.size} test files (${testFileOf.size} blocks) of ${pageDirs.size} pages in one run, ${configs.length} config blocks`,
  );
  const results = new Map<string, FileResult>();
  const perPage = () =>
    Promise.all(
      [...pageDirs].map(async (dir) => {
        const mine = [...sharedFiles].filter((file) => file.startsWith(`${dir}/`));
        const run = await pool.run({ kind: 'tests', cwd: dir, pool: 'forks', maxWorkers: BROWSER_PAGES, browser });
        for (const file of run.files ?? []) results.set(file.testPath, file);
        const failAll = (message: string, stack?: string) => {
          for (const file of mine)
            if (!results.has(file))
              results.set(file, { testPath: file, status: 'fail', errors: [{ message, stack }], tests: [] });
        };
        if (!run.ok) failAll(`the page's Browser Mode run failed: ${run.error?.message}`, run.error?.stack);
        else if (run.status === 'error')
          failAll(
            (run.unhandledErrors ?? []).map((e) => describeError(e, dir, shared.origins)).join('\n') ||
              'Rstest reported an error',
          );
      }),
    );
  // All pages in one run, the files sharing their pages (isolate: false, ~0.1 s a file instead of ~3 s), then the
  // files that fail there once more, each in a page of its own (the result kept). When the first run fails as a
  // whole (a file that does not build), one isolated run per page.
  const sharedRun = (async () => {
    if (!testFileOf.size) return results;
    const all = await pool.run({
      kind: 'tests',
      cwd: testsRoot,
      pool: 'forks',
      maxWorkers: BROWSER_PAGES,
      browser,
      isolate: false,
    });
    if (all.ok && all.status !== 'error' && (all.files ?? []).length === sharedFiles.size) {
      for (const file of all.files ?? []) results.set(file.testPath, file);
      const again = [...sharedFiles].filter((file) => !fileGood(results.get(file)));
      if (again.length) {
        log(`rstest (Browser Mode): ${again.length} failing test files once more, isolated`);
        const include = again.map((file) => escapeGlob(path.relative(testsRoot, file)));
        const second = await pool.run({
          kind: 'tests',
          cwd: testsRoot,
          include,
          pool: 'forks',
          maxWorkers: BROWSER_PAGES,
          browser,
        });
        if (second.ok) for (const file of second.files ?? []) results.set(file.testPath, file);
      }
      return results;
    }
    log('rstest (Browser Mode): the run of all pages failed as a whole; one run per page');
    await perPage();
    return results;
  })();

  const configResults = new Map<ConfigProject, JobResult>();
  const runConfig = async (c: ConfigProject) => {
    const result = await pool.run({ kind: 'config', cwd: c.cwd, configFile: c.configFile, browser });
    configResults.set(c, result);
    return result;
  };
  await runTwinsOnce(configs, runConfig, configResults);
  const sharedResults = await sharedRun;
  pool.close();

  settleOutcomes(outcomes, {
    configs,
    configResults,
    testFileOf,
    sharedResults,
    testsRoot,
    origins: shared.origins,
    mode: 'Browser Mode',
  });

  if (!options.keep) fs.rmSync(tmp, { recursive: true, force: true });
  return { outcomes, runs: pool.runs };
}
