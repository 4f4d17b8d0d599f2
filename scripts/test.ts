// `npm test [-- <word> …]`: every check of the project, in stages that run side by side on the machine's cores:
//   lint      format and lint of the whole tree (Biome)
//   types     type-check, one tsconfig per tier
//   unit      unit tests (node --test over test/unit, all files in one process)
//   examples  the docs' code examples run by the real @rstest/core (node --test test/examples)
//   build     the site, as `npm run build` builds it
//   widgets   widget tests in Chromium (@web/test-runner)
//   e2e       end-to-end tests on the built site and the dev server (node --test test/e2e; after `build`): the
//             files that only read the build in two stages sharing a Chromium each (e2e/chromium-1, -2), the others
//             a stage per file (e2e/<name>)
// Two stages run at a time (as many as the machine has cores), taken in the order below as slots free up. Each
// stage writes its own log; a stage that fails prints it whole, and every stage prints a line with its count
// and time. The run ends with each stage's wall time, the failed tests by name, and "N passed, N failed".
//
// Words narrow the run: a stage's name runs that stage; any other word runs the test files whose path contains it
// (`npm test -- search` runs test/unit/search-*, test/e2e/search.test.ts and widgets/doc-search/*.test.ts), and
// e2e files bring the build with them. No word runs everything, as CI does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSCONFIGS = ['common', 'lib', 'layouts', 'widgets', '.'];
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

// The whole run ends within 80 minutes (CI stops at 90): a stage still running then is stopped and fails, and the
// summary still prints.
const deadline = Date.now() + 80 * 60_000;
const LOGS = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-test-'));

interface Outcome {
  passed: number;
  failed: number;
  /** Names of the failed tests (or the failed command), for the closing list. */
  failures: string[];
}

interface Stage {
  name: string;
  /** A stage that must have passed first. */
  needs?: string;
  /** Runs the stage; `exec` runs one command with its output in the stage's log. */
  run(exec: Exec, log: string): Promise<Outcome>;
}

type Exec = (command: string, args: string[]) => Promise<number>;

function files(folder: string, suffix: string): string[] {
  const dir = path.join(ROOT, folder);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(suffix) && !f.includes('node_modules'))
    .sort()
    .map((f) => path.join(folder, f).split(path.sep).join('/'));
}

const words = process.argv.slice(2);
const STAGE_NAMES = ['lint', 'types', 'unit', 'examples', 'build', 'widgets', 'e2e'];
const unknownFlag = words.find((w) => w.startsWith('-'));
if (unknownFlag) {
  console.error(`npm test: unknown option ${unknownFlag}. Usage: npm test [-- <stage or word> …]`);
  process.exit(2);
}
const stageWords = words.filter((w) => STAGE_NAMES.includes(w));
const fileWords = words.filter((w) => !STAGE_NAMES.includes(w));

/** The files of a test folder that this run takes: all of them for the stage's name or no word, else those matching. */
function selected(stage: string, all: string[]): string[] {
  if (!words.length || stageWords.includes(stage)) return all;
  return all.filter((f) => fileWords.some((w) => f.toLowerCase().includes(w.toLowerCase())));
}

const count = (ok: boolean, name: string): Outcome => ({
  passed: ok ? 1 : 0,
  failed: ok ? 0 : 1,
  failures: ok ? [] : [name],
});

/** node --test over `tests`, a TAP copy beside the log: counts and failed test names come from it. */
function nodeTests(tests: string[]): Stage['run'] {
  return async (exec, log) => {
    const tap = `${log}.tap`;
    const status = await exec(process.execPath, [
      '--import',
      'tsx',
      '--test',
      // One file at a time: a stage takes one slot (the examples' two files run one after the other).
      '--test-concurrency=1',
      // A test (and a test file) that hangs fails after 15 minutes and the run goes on. (Not --test-force-exit:
      // it ends the run before the TAP file gets its totals, which the counts read.)
      '--test-timeout=900000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...tests,
    ]);
    const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
    const total = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    // The failed tests by name (a failed suite only through its failed tests). TAP lists a suite after its tests,
    // so the walk goes backwards, keeping the names of the suites it is in.
    const lines = [...text.matchAll(/^( *)(not ok|ok) \d+ - (.*)$/gm)].map((m) => ({
      depth: m[1]!.length / 4,
      failed: m[2] === 'not ok',
      name: m[3]!,
    }));
    const trail: string[] = [];
    const failures: string[] = [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const { depth, failed, name } = lines[i]!;
      trail.length = depth;
      trail[depth] = name;
      const leaf = i === 0 || lines[i - 1]!.depth <= depth;
      if (failed && leaf) failures.unshift(trail.join(' › '));
    }
    // A suite that failed by itself (a file that does not load) is no test in TAP's count, but is in the list.
    const failed = Math.max(total('fail'), failures.length);
    // No totals: the run ended early, and what it counted cannot be trusted.
    const broken = status !== 0 && failed === 0 ? 1 : !/^# tests \d+/m.test(text) ? 1 : 0;
    return {
      passed: total('pass'),
      failed: failed + broken,
      failures: broken ? [...failures, `the run itself (exit ${status}, see its log)`] : failures,
    };
  };
}

/**
 * An entry file (named `name`) that imports `tests` in one process, each inside a suite named after it: a file that
 * fails to load fails its suite, and the others still run. One import at a time: node:test puts a test in the suite
 * whose async context registers it, and imports that overlap can evaluate in one another's (a file's tests and hooks
 * then land in the other's suite). `holdChromium`: the entry holds one Chromium from the first file to the last,
 * which the files' useChromium share (test/support/browser.ts).
 */
function oneProcess(name: string, tests: string[], holdChromium = false): string {
  const entry = path.join(LOGS, `${name}.test.mts`);
  const url = (file: string) => pathToFileURL(path.join(ROOT, file)).href;
  const hold = [
    `import { releaseChromium, useChromium } from ${JSON.stringify(url('test/support/browser.ts'))};`,
    'before(() => useChromium());',
    'after(() => releaseChromium());',
  ];
  const files = JSON.stringify(tests.map((file) => [file, url(file)]));
  fs.writeFileSync(
    entry,
    [
      `import { after, before, describe } from 'node:test';`,
      ...(holdChromium ? hold : []),
      `for (const [file, url] of ${files})`,
      '  await new Promise((loaded) => describe(file, () => import(url).finally(loaded)));',
      '',
    ].join('\n'),
  );
  return entry;
}

const unitFiles = selected('unit', files('test/unit', '.test.ts'));
const exampleFiles = selected('examples', files('test/examples', '.test.ts'));
const widgetFiles = selected('widgets', files('widgets', '.test.ts'));
const e2eFiles = selected('e2e', files('test/e2e', '.test.ts'));
const bytes = (list: string[]) => list.reduce((sum, file) => sum + fs.statSync(path.join(ROOT, file)).size, 0);
const bySize = <T>(list: T[], files: (item: T) => string[]) =>
  [...list].sort((a, b) => bytes(files(b)) - bytes(files(a)));
// The read-only browser files (they open the build in Chromium through useChromium, or the runtime tests' harness that
// does): in two processes, one a slot, each with one Chromium for its files, rather than a process and a browser
// each. The others (the dev server, copied checkouts, Firefox, the HTML checker) run in a process each.
const sharesChromium = (file: string) =>
  /\b(useChromium|startHarness)\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const chromiumFiles = bySize(e2eFiles.filter(sharesChromium), (file) => [file]);
const ownProcessFiles = e2eFiles.filter((file) => !chromiumFiles.includes(file));
const chromiumGroups = [0, 1]
  .map((slot) => chromiumFiles.filter((_, i) => i % 2 === slot))
  .filter((group) => group.length);
const everything = !words.length;

const STAGES: Stage[] = [
  {
    name: 'build',
    run: async (exec) =>
      count(
        (await exec(process.execPath, ['--import', 'tsx', '--max-semi-space-size=64', 'scripts/build.ts'])) === 0,
        'npm run build',
      ),
  },
  {
    name: 'lint',
    run: async (exec) =>
      count(
        (await exec(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '--error-on-warnings', '.'])) ===
          0,
        'format and lint (biome ci)',
      ),
  },
  {
    // One tsconfig per tier (see tsconfig.base.json): each is its own check, so a failure names the tier.
    name: 'types',
    run: async (exec) => {
      const outcome: Outcome = { passed: 0, failed: 0, failures: [] };
      for (const project of TSCONFIGS) {
        const ok = (await exec(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project])) === 0;
        const one = count(ok, `type-check ${project}/tsconfig.json`);
        outcome.passed += one.passed;
        outcome.failed += one.failed;
        outcome.failures.push(...one.failures);
      }
      return outcome;
    },
  },
  {
    name: 'widgets',
    run: async (exec, log) => {
      const summary = `${log}.json`;
      const status = await exec(process.execPath, [
        '--import',
        'tsx',
        'test/support/run-wtr.ts',
        summary,
        ...widgetFiles,
      ]);
      const counts = fs.existsSync(summary)
        ? (JSON.parse(fs.readFileSync(summary, 'utf8')) as { passed: number; failed: number; failures?: string[] })
        : { passed: 0, failed: 0 };
      const broken = status !== 0 && counts.failed === 0 ? 1 : 0;
      return {
        passed: counts.passed,
        failed: counts.failed + broken,
        failures: [...(counts.failures ?? []), ...(broken ? [`the run itself (exit ${status}, see its log)`] : [])],
      };
    },
  },
  // After the build (when it is part of the run): some unit tests read what it leaves (Vite's manifest, the caches).
  // One process for all the files (oneProcess): each file on its own paid for its process and for loading the engine
  // again (Eleventy, markdown-it, Shiki), about half of the stage's CPU.
  { name: 'unit', needs: 'build', run: (exec, log) => nodeTests([oneProcess('unit', unitFiles)])(exec, log) },
  // The end-to-end tests (most keep a core busy with a browser), a file or a group of them a stage: the two slots take
  // them in turn, the largest first.
  ...bySize([...ownProcessFiles.map((file) => [file]), ...chromiumGroups], (group) => group).map((group): Stage => {
    const one = group.length === 1;
    const name = one ? path.basename(group[0]!, '.test.ts') : `chromium-${chromiumGroups.indexOf(group) + 1}`;
    return {
      name: `e2e/${name}`,
      needs: 'build',
      run: (exec, log) => nodeTests(one ? group : [oneProcess(name, group, true)])(exec, log),
    };
  }),
  // Every ts/tsx/js/jsx block of the docs, run by the pinned @rstest/core: last, as it keeps both cores busy by itself
  // (three worker processes).
  { name: 'examples', run: nodeTests(exampleFiles) },
];

/** Whether this run takes the stage: all do with no word; else those named, those with files, the build for e2e. */
function wanted(stage: Stage): boolean {
  const kind = stage.name.split('/')[0]!;
  if (everything || stageWords.includes(kind)) return true;
  const chosen: Record<string, boolean> = {
    unit: unitFiles.length > 0,
    examples: exampleFiles.length > 0,
    widgets: widgetFiles.length > 0,
    e2e: true,
    build: e2eFiles.length > 0,
  };
  return chosen[kind] ?? false;
}

const plan = STAGES.filter(wanted);
if (!plan.length) {
  console.error(
    `npm test: nothing matches ${words.join(' ')}. Stages: ${STAGE_NAMES.join(', ')}; or a word of a test file's path.`,
  );
  process.exit(2);
}

const CORES = Math.max(2, os.availableParallelism());
const started = Date.now();
const results = new Map<string, Outcome & { seconds: number }>();
const running = new Set<Stage>();
const children = new Set<import('node:child_process').ChildProcess>();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

async function runStage(stage: Stage): Promise<void> {
  const log = path.join(LOGS, `${stage.name.replace('/', '-')}.log`);
  const out = fs.openSync(log, 'w');
  const since = Date.now();
  const exec: Exec = (command, args) =>
    new Promise((resolve) => {
      fs.writeSync(out, `$ ${path.basename(command)} ${args.join(' ')}\n`);
      const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', out, out] });
      children.add(child);
      const timer = setTimeout(
        () => {
          fs.writeSync(out, `\n✖ stopped: the run's 80 minutes are up\n`);
          child.kill('SIGKILL');
        },
        Math.max(1000, deadline - Date.now()),
      );
      child.on('close', (code) => {
        clearTimeout(timer);
        children.delete(child);
        resolve(code ?? 1);
      });
    });
  const outcome = await stage
    .run(exec, log)
    .catch((error: unknown): Outcome => ({ passed: 0, failed: 1, failures: [`${stage.name}: ${String(error)}`] }));
  fs.closeSync(out);
  results.set(stage.name, { ...outcome, seconds: seconds(since) });
  const mark = outcome.failed ? '✖' : '✔';
  if (outcome.failed) console.log(`\n── ${stage.name}: its log (${log}) ──\n${fs.readFileSync(log, 'utf8')}`);
  console.log(
    `${mark} ${stage.name}: ${outcome.passed} passed, ${outcome.failed} failed in ${seconds(since)} s (log: ${log})`,
  );
}

/** Starts every stage whose turn has come; resolves when all have run. */
async function schedule(): Promise<void> {
  const pending = [...plan];
  const inFlight = new Set<Promise<void>>();
  while (pending.length || inFlight.size) {
    const next =
      running.size < CORES
        ? pending.find((stage) => !stage.needs || !plan.some((s) => s.name === stage.needs) || results.has(stage.needs))
        : undefined;
    if (next) {
      pending.splice(pending.indexOf(next), 1);
      const need = next.needs ? results.get(next.needs) : undefined;
      if (need?.failed) {
        console.log(`- ${next.name}: not run, ${next.needs} failed`);
        continue;
      }
      console.log(`▶ ${next.name}`);
      running.add(next);
      const done: Promise<void> = runStage(next).then(() => {
        running.delete(next);
        inFlight.delete(done);
      });
      inFlight.add(done);
      continue;
    }
    await Promise.race(inFlight);
  }
}

process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGKILL');
  process.exit(130);
});

console.log(
  `npm test${words.length ? ` -- ${words.join(' ')}` : ''}: ${plan.map((s) => s.name).join(', ')} on ${CORES} cores; logs in ${LOGS}`,
);
await schedule();

let passed = 0;
let failed = 0;
const width = Math.max(...plan.map((stage) => stage.name.length)) + 2;
console.log(`\n${'stage'.padEnd(width)}wall time   passed   failed`);
for (const stage of plan) {
  const r = results.get(stage.name);
  if (!r) {
    console.log(`${stage.name.padEnd(width)}not run`);
    failed++;
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  console.log(
    `${stage.name.padEnd(width)}${`${r.seconds} s`.padStart(9)}${String(r.passed).padStart(9)}${String(r.failed).padStart(9)}`,
  );
}
console.log(`${'total'.padEnd(width)}${`${seconds(started)} s`.padStart(9)}`);
const failures = [...results].flatMap(([name, r]) => r.failures.map((f) => `${name}: ${f}`));
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
