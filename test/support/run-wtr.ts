// Runs the widget tests (@web/test-runner in Chromium) once and writes {passed, failed} as JSON to the path
// in argv[2]. Optional further arguments narrow the run to those test files (globs relative to the root).
import fs from 'node:fs';
import { defaultReporter, startTestRunner, type TestRunnerConfig } from '@web/test-runner';
import type { TestSuiteResult } from '@web/test-runner-core';
import { WIDGET_TEST_FILES, widgetTestConfig } from './wtr-config.ts';

const [summaryPath, ...only] = process.argv.slice(2);
const counts = { passed: 0, failed: 0 };

function count(suite: TestSuiteResult | undefined): void {
  if (!suite) return;
  for (const test of suite.tests) {
    if (test.skipped) continue;
    if (test.passed) counts.passed++;
    else counts.failed++;
  }
  for (const child of suite.suites) count(child);
}

const config: Partial<TestRunnerConfig> = {
  ...widgetTestConfig(only.length ? only : WIDGET_TEST_FILES),
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    {
      onTestRunFinished({ sessions }) {
        counts.passed = 0;
        counts.failed = 0;
        for (const session of sessions) {
          count(session.testResults);
          // A file that failed to load or threw outside a test counts as one failure.
          if (!session.passed && session.errors.length) counts.failed++;
        }
      },
    },
  ],
};

const runner = await startTestRunner({ config, readCliArgs: false, readFileConfig: false, autoExitProcess: false });
if (!runner) {
  if (summaryPath) fs.writeFileSync(summaryPath, JSON.stringify({ passed: 0, failed: 1 }));
  process.exit(1);
}
runner.on('finished', () => void runner.stop());
runner.on('stopped', (ok: boolean) => {
  // The runner's progress line has escape codes: print a plain summary line of our own.
  console.log(`widget tests: ${counts.passed} passed, ${counts.failed} failed`);
  if (summaryPath) fs.writeFileSync(summaryPath, JSON.stringify(counts));
  process.exit(ok && counts.failed === 0 ? 0 : 1);
});
