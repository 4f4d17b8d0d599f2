// A copied checkout (caches included: .cache, .build, .git) builds the same site as the original with the same
// command. The build once ran a cached bundle whose paths were the old folder's, so a copy, a moved or renamed
// checkout, or a CI cache restored elsewhere built into the old folder and exited 0.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyCheckout, ORIGINAL_SITE } from '../support/checkout-copy.ts';

/** Every file under `dir`, relative, sorted. */
function filesOf(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

test('npm run build in a copy of the checkout writes the same _site into the copy', () => {
  const original = ORIGINAL_SITE;
  const copy = copyCheckout('relocated');
  const originalMtime = fs.statSync(path.join(original, 'index.html')).mtimeMs;

  execFileSync('npm', ['run', 'build'], { cwd: copy, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });

  const built = path.join(copy, '_site');
  assert.deepEqual(filesOf(built), filesOf(original));
  for (const file of filesOf(original)) {
    assert.ok(
      fs.readFileSync(path.join(built, file)).equals(fs.readFileSync(path.join(original, file))),
      `${file} differs`,
    );
  }
  assert.equal(
    fs.statSync(path.join(original, 'index.html')).mtimeMs,
    originalMtime,
    'the original _site was not written',
  );
});
