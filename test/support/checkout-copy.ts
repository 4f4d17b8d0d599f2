// A copy of this checkout as `cp -r` makes one, build caches (.cache, .build) and .git included, for tests of what
// a build does in another folder. The copy's own output folder starts empty, and node_modules is linked (packages
// are not what moved). Removed when the test that made it ends.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The checkout's own built site, which the copy's build is compared with. */
export const ORIGINAL_SITE = path.join(ROOT, '_site');

/** Copies the checkout (once it has been built: npm test builds it first) into a temporary folder; returns it. */
export function copyCheckout(label: string): string {
  assert.ok(fs.existsSync(path.join(ORIGINAL_SITE, 'index.html')), 'the original was built first (npm test builds it)');
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `docs-${label}-`));
  after(() => fs.rmSync(copy, { recursive: true, force: true }));
  fs.cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'node_modules' && source !== ORIGINAL_SITE,
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}
