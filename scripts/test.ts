// `npm test`: format and lint (Biome), type-check (each tier), unit tests (node --test), the docs' code examples run by Rstest (node --test),
// build the site, then widget tests (@web/test-runner in Chromium) and end-to-end tests (node --test + Playwright on
// the built site). Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSCONFIGS = [
  'common/tsconfig.json',
  'lib/tsconfig.json',
  'layouts/tsconfig.json',
  'widgets/tsconfig.json',
  'tsconfig.json',
];
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
let passed = 0;
let failed = 0;

// The whole run ends within 80 minutes (CI stops at 90): a stage that hangs is stopped and fails, and the summary
// line still prints.
const deadline = Date.now() + 80 * 60_000;

/** Runs one stage for at most `minutes` (and never past the deadline); a stage stopped so counts as failed. */
function run(label: string, command: string, args: string[], minutes = 10): number {
  console.log(`\n▶ ${label}`);
  const timeout = Math.max(1000, Math.min(minutes * 60_000, deadline - Date.now()));
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', timeout, killSignal: 'SIGKILL' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')
    console.log(`\n✖ ${label}: stopped after ${Math.round(timeout / 60_000)} minutes`);
  return result.status ?? 1;
}

function files(folder: string, suffix: string): string[] {
  const dir = path.join(ROOT, folder);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => path.join(folder, f));
}

/** node --test with a TAP copy on disk, from which the pass/fail counts are read. */
function nodeTests(label: string, tests: string[], minutes: number): void {
  if (!tests.length) return;
  const tap = path.join(os.tmpdir(), `docs-${label.replace(/\W+/g, '-')}-${process.pid}.tap`);
  const status = run(
    label,
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      // A test (and a test file) that hangs fails after 15 minutes and the run goes on. (Not --test-force-exit:
      // it ends the run before the TAP file gets its totals, which the counts below read.)
      '--test-timeout=900000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...tests,
    ],
    minutes,
  );
  const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail') + (status !== 0 && count('fail') === 0 ? 1 : 0);
  // No totals: the run ended early, and what it counted cannot be trusted.
  if (status === 0 && !/^# tests \d+/m.test(text)) {
    console.log(`\n✖ ${label}: no totals in ${tap}`);
    failed++;
  }
}

// Formatting and lint of the whole tree (biome.json): a file that is not formatted, or a lint finding, fails.
{
  const status = run('format and lint (biome ci)', process.execPath, [
    path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome'),
    'ci',
    '--error-on-warnings',
    '.',
  ]);
  if (status === 0) passed++;
  else failed++;
}

// One tsconfig per tier (see tsconfig.base.json): each is its own check, so a failure names the tier.
for (const project of TSCONFIGS) {
  const status = run(`type-check ${project} (tsc)`, process.execPath, [
    path.join(ROOT, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    project,
  ]);
  if (status === 0) passed++;
  else failed++;
}

nodeTests('unit tests', files('test/unit', '.test.ts'), 15);

// Every ts/tsx/js/jsx block of the docs, run by the pinned @rstest/core, type signatures type-checked against its
// published types (test/examples; one test per page).
nodeTests('code examples (Rstest)', files('test/examples', '.test.ts'), 20);

// The same command as `npm run build`.
const build = run('build the site', process.execPath, [
  '--import',
  'tsx',
  '--max-semi-space-size=64',
  'scripts/build.ts',
]);
if (build === 0) passed++;
else failed++;

const widgetTests = files('widgets', '.test.ts');
if (widgetTests.length) {
  const summary = path.join(os.tmpdir(), `docs-wtr-${process.pid}.json`);
  const status = run('widget tests (@web/test-runner)', process.execPath, [
    '--import',
    'tsx',
    'test/support/run-wtr.ts',
    summary,
  ]);
  const counts = fs.existsSync(summary)
    ? (JSON.parse(fs.readFileSync(summary, 'utf8')) as { passed: number; failed: number })
    : { passed: 0, failed: 1 };
  passed += counts.passed;
  failed += counts.failed + (status !== 0 && counts.failed === 0 ? 1 : 0);
}

if (build === 0) nodeTests('end-to-end tests', files('test/e2e', '.test.ts'), 45);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
