// Every ```ts / ```tsx / ```js / ```jsx block on every page (both languages) runs with the real @rstest/core
// 0.12.0 (test/examples/run.ts): one test per page, failing with each broken block's file:line and Rstest's message.
// Blocks marked `signature` are type-checked against the package's published types instead (test/examples/
// typecheck.ts) and fail their page the same way. Blocks marked browser / browser-fragment run in Chromium through
// Browser Mode with @rstest/core 0.11.9 and @rstest/browser 0.11.9 (test/examples/browser.ts); their signatures
// (signature="@rstest/browser", "@rstest/browser-react", "@rstest/core@0.11.9") are type-checked against those
// packages' published types, from the workspace test/examples/browser-mode. Blocks marked no-run="reason" are skipped and counted. `npm run check:examples -- <page or folder>` runs some pages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allPages } from '../content/pages.ts';
import { allBlocks } from './blocks.ts';
import { failureText, summaryText } from './report.ts';
import { browserVersions, runBrowserExamples } from './browser.ts';
import { rstestVersion, runExamples } from './run.ts';
import { targetOrUndefined } from './typecheck.ts';

const blocks = allBlocks(allPages());
const { outcomes, durationMs, runs } = await runExamples(blocks, { browser: runBrowserExamples });
console.log(summaryText(outcomes, durationMs, runs));

describe('code examples run with @rstest/core 0.12.0', () => {
  test('@rstest/core is pinned to exactly 0.12.0 and installed at that version', () => {
    assert.deepEqual(rstestVersion(), { pinned: '0.12.0', installed: '0.12.0' });
  });

  test('Browser Mode blocks run with the pinned @rstest/core 0.11.9 + @rstest/browser 0.11.9 + @rstest/browser-react 0.11.8 (no @rstest/browser 0.12.0 exists)', () => {
    assert.deepEqual(
      browserVersions().map((v) => [v.pkg, v.pinned, v.installed]),
      [
        ['@rstest/core', '0.11.9', '0.11.9'],
        ['@rstest/browser', '0.11.9', '0.11.9'],
        ['@rstest/browser-react', '0.11.8', '0.11.8'],
      ],
    );
  });

  test('the pages hold code examples to run', () => {
    assert.ok(outcomes.filter((o) => o.status === 'passed').length > 100, summaryText(outcomes, durationMs, runs));
  });

  const pages = [...new Set(outcomes.map((o) => o.block.page.file))];
  for (const page of pages) {
    const mine = outcomes.filter((o) => o.block.page.file === page);
    const typed = mine.filter((o) => o.block.signature !== undefined && o.status === 'passed').length;
    const against = [
      ...new Set(
        mine
          .filter((o) => o.block.signature !== undefined && o.status === 'passed')
          .map((o) => {
            const t = targetOrUndefined(o.block.signature!);
            return t ? `${t.module.replace(/^(@[^/]+\/[^/]+|[^@/][^/]*).*$/, '$1')} ${t.version}` : '';
          }),
      ),
    ].filter(Boolean);
    const counts = `${mine.filter((o) => o.status === 'passed').length - typed} passed, ${typed} signatures type-checked${typed ? ` (against ${against.join(', ')})` : ''}, ${mine.filter((o) => o.status === 'skipped').length} no-run`;
    test(`${page} (${counts})`, () => {
      const failures = mine.filter((o) => o.status === 'failed');
      assert.equal(
        failures.length,
        0,
        `${failures.length} code example(s) fail:\n\n${failures.map(failureText).join('\n\n')}`,
      );
    });
  }
});
