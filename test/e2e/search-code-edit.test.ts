// The search index files are cached between builds (.cache/search) and served under content-hashed names as
// immutable. An edit of the code that cuts them (here, the text fragments' width) must show in the next build,
// cache or not, and under new names: a reader's browser that kept the old files must never mix them with new ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-search-code-'));
after(() => fs.rmSync(copy, { recursive: true, force: true }));

/** The sharded index's folder for English in a built site (`static/search/en.{hash}`), and its fragment files. */
function englishShards(site: string): { folder: string; fragments: string[] } {
  const folder = fs.readdirSync(path.join(site, 'static', 'search')).find((name) => name.startsWith('en.'))!;
  const fragments = fs
    .readdirSync(path.join(site, 'static', 'search', folder))
    .filter((f) => /^t\d+\.\d+\.json$/.test(f));
  return { folder, fragments };
}

test('after an edit of the code that cuts the index, the next build writes the new cut under new names', () => {
  const original = path.join(ROOT, '_site');
  assert.ok(fs.existsSync(path.join(original, 'index.html')), 'the original was built first (npm test builds it)');
  // A checkout whose build cache holds this index (copied with it), and whose fragments are made three times as wide.
  fs.cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'node_modules' && source !== original,
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  const code = path.join(copy, 'common/search/fragments.ts');
  const text = fs.readFileSync(code, 'utf8');
  const width = Number(/export const FRAGMENT_WIDTH = (\d+);/.exec(text)?.[1]);
  assert.ok(width > 0, 'FRAGMENT_WIDTH is a number in common/search/fragments.ts');
  fs.writeFileSync(code, text.replace(`FRAGMENT_WIDTH = ${width};`, `FRAGMENT_WIDTH = ${3 * width};`));

  execFileSync('npm', ['run', 'build:pages'], { cwd: copy, stdio: 'pipe' });

  const before = englishShards(original);
  const edited = englishShards(path.join(copy, '_site'));
  assert.ok(
    edited.fragments.length < 0.6 * before.fragments.length,
    `wider fragments, fewer files: ${edited.fragments.length} against ${before.fragments.length}`,
  );
  assert.notEqual(edited.folder, before.folder, 'the new files have a new name');
});
