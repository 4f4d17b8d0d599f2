// vite.config.ts tells the CSS minifier that no stylesheet uses `light-dark()` (it then leaves out the polyfill's
// custom properties on every `color-scheme`): a stylesheet that starts using it would reach browsers without it
// unconverted. The light and dark values belong in the `.dark` rules (styles/base.css, palette.css) instead.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');

function cssFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join(dir, name));
}

test('no stylesheet uses light-dark() (the minifier is told so in vite.config.ts)', () => {
  const files = [...cssFiles('styles'), ...cssFiles('widgets')];
  assert.ok(files.length > 5, 'the stylesheets were found');
  const using = files.filter((file) => /light-dark\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
  assert.deepEqual(using, [], `light-dark() in ${using.join(', ')}: write the dark value in the .dark rule instead`);
});
