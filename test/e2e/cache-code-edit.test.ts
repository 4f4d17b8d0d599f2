// Highlighted code and the search index are cached between builds (.cache/), and the index's files are served
// under content-hashed names as immutable. An edit of the code that makes them (here, the index chunks' size and
// the highlighter's class names) must show in the next build, cache or not, and the index's files under new
// names: a reader's browser that kept the old files must never mix them with new ones.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyCheckout, ORIGINAL_SITE } from '../support/checkout-copy.ts';

const CHUNKS = 'common/search/shard-files.ts';

/** The index's folder for English in a built site (`static/search/en.{hash}`), and its chunk files. */
function englishIndex(site: string): { folder: string; chunks: string[] } {
  const folder = fs.readdirSync(path.join(site, 'static', 'search')).find((name) => name.startsWith('en.'))!;
  const chunks = fs.readdirSync(path.join(site, 'static', 'search', folder)).filter((f) => /^c\d+\.json$/.test(f));
  return { folder, chunks };
}

/** Replaces `from` (which must be there) in a file of `copy`. */
function edit(copy: string, file: string, from: string, to: string): void {
  const text = fs.readFileSync(path.join(copy, file), 'utf8');
  assert.ok(text.includes(from), `${file} has ${from}`);
  fs.writeFileSync(path.join(copy, file), text.replace(from, to));
}

test('after an edit of the code behind a cache, the next build shows it; the search index under new names', () => {
  const original = ORIGINAL_SITE;
  // A checkout whose caches hold this build's answers (copied with it), then its code edited: the index's chunks
  // three times as large, and the highlighter's classes renamed.
  const copy = copyCheckout('cache-code');
  const [line, digits] = /CHUNK_CHARS = ([\d_]+);/.exec(fs.readFileSync(path.join(copy, CHUNKS), 'utf8'))!;
  edit(copy, CHUNKS, line, `CHUNK_CHARS = ${3 * Number(digits.replace(/_/g, ''))};`);
  edit(copy, 'lib/highlight-worker.ts', 'addClassToHast(node, `sk-', 'addClassToHast(node, `sk-edited-');

  execFileSync('npm', ['run', 'build:pages'], { cwd: copy, stdio: 'pipe' });

  const before = englishIndex(original);
  const edited = englishIndex(path.join(copy, '_site'));
  assert.ok(
    edited.chunks.length < 0.6 * before.chunks.length,
    `larger chunks, fewer files: ${edited.chunks.length} against ${before.chunks.length}`,
  );
  assert.notEqual(edited.folder, before.folder, 'the new files have a new name');
  const page = fs.readFileSync(path.join(copy, '_site', 'guide/start/quick-start.html'), 'utf8');
  // (Tested, not matched: a failed match would print the whole page.)
  assert.ok(/class="sk-edited-/.test(page), 'the code blocks highlighted by the edited highlighter');
  assert.ok(!/class="sk-(?!edited-)/.test(page), 'no block from the cache of the code before');
});
