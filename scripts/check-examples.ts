// `npm run check:examples [-- [--keep] <file or folder …>]`: runs the code examples of some pages (all pages when
// none is named) with @rstest/core 0.12.0, as `npm test` does, and lists each failing block with file:line.
//   npm run check:examples -- content/en/config/test/retry.md
//   npm run check:examples -- config/test          (both languages)
//   npm run check:examples -- --keep content/zh    (keeps the temp folder: the files and the workers' logs)
// EXAMPLES_WORKERS=<n> sets the number of Rstest worker processes (default 3).
import path from 'node:path';
import { allPages, ROOT, type Page } from '../test/content/pages.ts';
import { allBlocks } from '../test/examples/blocks.ts';
import { failureText, summaryText } from '../test/examples/report.ts';
import { runBrowserExamples } from '../test/examples/browser.ts';
import { runExamples } from '../test/examples/run.ts';

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const targets = args.filter((a) => !a.startsWith('--'));

/** Repository-relative prefixes a page's file must start with: `content/en/x`, or both languages for `x`. */
function prefixes(target: string): string[] {
  const rel = path.relative(ROOT, path.resolve(process.cwd(), target)).split(path.sep).join('/');
  if (rel.startsWith('content/')) return [rel];
  const bare = target.replace(/^\.?\//, '');
  return [`content/en/${bare}`, `content/zh/${bare}`];
}

function selected(page: Page): boolean {
  if (!targets.length) return true;
  return targets.some((t) =>
    prefixes(t).some(
      (p) => page.file === p || page.file.startsWith(p.endsWith('/') ? p : `${p}/`) || page.file === `${p}.md`,
    ),
  );
}

const pages = allPages().filter(selected);
if (!pages.length) {
  console.error(`No page under content/ matches ${targets.join(', ')}`);
  process.exit(2);
}
const blocks = allBlocks(pages);
console.log(`${pages.length} pages, ${blocks.length} ts/tsx/js/jsx blocks`);
const result = await runExamples(blocks, { keep, log: (line) => console.log(line), browser: runBrowserExamples });
const failures = result.outcomes.filter((o) => o.status === 'failed');
if (failures.length)
  console.log(`\n${failures.length} failing block(s):\n\n${failures.map(failureText).join('\n\n')}\n`);
console.log(`\n${summaryText(result.outcomes, result.durationMs, result.runs)}`);
if (keep) console.log(`\nKept ${result.tmp}`);
process.exit(failures.length ? 1 : 0);
