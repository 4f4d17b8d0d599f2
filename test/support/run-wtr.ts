// Runs the widget tests (@web/test-runner in Chromium) once and writes {passed, failed, failures} as JSON to the path
// in argv[2]. Optional further arguments narrow the run to those test files (globs relative to the root).
import fs from 'node:fs';
import { defaultReporter, startTestRunner, type TestRunnerConfig } from '@web/test-runner';
import type { TestSuiteResult } from '@web/test-runner-core';
import { WIDGET_TEST_FILES, widgetTestConfig } from './wtr-config.ts';

const [summaryPath, ...only] = process.argv.slice(2);
const counts = { passed: 0, failed: 0, failures: [] as string[] };

function count(suite: TestSuiteResult | undefined, trail: string[]): void {
  if (!suite) return;
  for (const test of suite.tests) {
    if (test.skipped) continue;
    if (test.passed) counts.passed++;
    else {
      counts.failed++;
      counts.failures.push([...trail, test.name].join(' › '));
    }
  }
  for (const child of suite.suites) count(child, [...trail, child.name]);
}

const config: Partial<TestRunnerConfig> = {
  ...widgetTestConfig(only.length ? only : WIDGET_TEST_FILES),
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    {
      onTestRunFinished({ sessions }) {
        Object.assign(counts, { passed: 0, failed: 0, failures: [] });
        for (const session of sessions) {
          count(session.testResults, [session.testFile.replace(`${process.cwd()}/`, '')]);
          // A file that failed to load or threw outside a test counts as one failure.
          if (!session.passed && session.errors.length) {
            counts.failed++;
            counts.failures.push(`${session.testFile}: ${session.errors[0]?.message ?? 'did not load'}`);
          }
        }
      },
    },
  ],
};

const runner = await startTestRunner({ config, readCliArgs: false, readFileConfig: false, autoExitProcess: false });
if (!runner) {
  if (summaryPath)
    fs.writeFileSync(
      summaryPath,
      JSON.stringify({ passed: 0, failed: 1, failures: ['the test runner did not start'] }),
    );
  process.exit(1);
}
runner.on('finished', () => void runner.stop());
runner.on('stopped', (ok: boolean) => {
  // The runner's progress line has escape codes: print a plain summary line of our own.
  console.log(`widget tests: ${counts.passed} passed, ${counts.failed} failed`);
  if (summaryPath) fs.writeFileSync(summaryPath, JSON.stringify(counts));
  process.exit(ok && counts.failed === 0 ? 0 : 1);
});
