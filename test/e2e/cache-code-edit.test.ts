// Highlighted code and the search index are cached between builds (.cache/), and the index's files are served
// under content-hashed names as immutable. An edit of the code that makes them (here, the text fragments' width
// and the highlighter's class names) must show in the next build, cache or not, and the index's files under new
// names: a reader's browser that kept the old files must never mix them with new ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyCheckout, ORIGINAL_SITE } from '../support/checkout-copy.ts';

const FRAGMENTS = 'common/search/fragments.ts';

/** The sharded index's folder for English in a built site (`static/search/en.{hash}`), and its fragment files. */
function englishShards(site: string): { folder: string; fragments: string[] } {
  const folder = fs.readdirSync(path.join(site, 'static', 'search')).find((name) => name.startsWith('en.'))!;
  const fragments = fs
    .readdirSync(path.join(site, 'static', 'search', folder))
    .filter((f) => /^t\d+\.\d+\.json$/.test(f));
  return { folder, fragments };
}

/** Replaces `from` (which must be there) in a file of `copy`. */
function edit(copy: string, file: string, from: string, to: string): void {
  const text = fs.readFileSync(path.join(copy, file), 'utf8');
  assert.ok(text.includes(from), `${file} has ${from}`);
  fs.writeFileSync(path.join(copy, file), text.replace(from, to));
}

test('after an edit of the code behind a cache, the next build shows it; the search index under new names', () => {
  const original = ORIGINAL_SITE;
  // A checkout whose caches hold this build's answers (copied with it), then its code edited: the fragments
  // three times as wide, and the highlighter's classes renamed.
  const copy = copyCheckout('cache-code');
  const width = Number(/FRAGMENT_WIDTH = (\d+);/.exec(fs.readFileSync(path.join(copy, FRAGMENTS), 'utf8'))?.[1]);
  edit(copy, FRAGMENTS, `FRAGMENT_WIDTH = ${width};`, `FRAGMENT_WIDTH = ${3 * width};`);
  edit(copy, 'lib/highlight-worker.ts', 'addClassToHast(node, `sk-', 'addClassToHast(node, `sk-edited-');

  execFileSync('npm', ['run', 'build:pages'], { cwd: copy, stdio: 'pipe' });

  const before = englishShards(original);
  const edited = englishShards(path.join(copy, '_site'));
  assert.ok(
    edited.fragments.length < 0.6 * before.fragments.length,
    `wider fragments, fewer files: ${edited.fragments.length} against ${before.fragments.length}`,
  );
  assert.notEqual(edited.folder, before.folder, 'the new files have a new name');
  const page = fs.readFileSync(path.join(copy, '_site', 'guide/start/quick-start.html'), 'utf8');
  // (Tested, not matched: a failed match would print the whole page.)
  assert.ok(/class="sk-edited-/.test(page), 'the code blocks highlighted by the edited highlighter');
  assert.ok(!/class="sk-(?!edited-)/.test(page), 'no block from the cache of the code before');
});
