// A copied checkout (caches included: .cache, .build, .git) builds the same site as the original with the same
// command. The build once ran a cached bundle whose paths were the old folder's, so a copy, a moved or renamed
// checkout, or a CI cache restored elsewhere built into the old folder and exited 0.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-relocated-'));
after(() => fs.rmSync(copy, { recursive: true, force: true }));

/** Every file under `dir`, relative, sorted. */
function filesOf(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

test('npm run build in a copy of the checkout writes the same _site into the copy', () => {
  const original = path.join(ROOT, '_site');
  assert.ok(fs.existsSync(path.join(original, 'index.html')), 'the original was built first (npm test builds it)');
  // Like `cp -r`, build caches included; the copy's own output folder starts empty, and node_modules is linked
  // (packages are not what moved).
  fs.cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'node_modules' && source !== original,
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
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
