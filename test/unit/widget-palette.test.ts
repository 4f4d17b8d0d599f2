// The widgets' own palette (widgets/platform/palette.css) is the theme's (styles/base.css): embedded on a page
// without the docs CSS, a widget looks as it does on the docs site, in light and in dark.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The declarations of the first rule with exactly this selector. */
function block(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  assert.ok(at >= 0, `no rule ${selector}`);
  return css.slice(at, css.indexOf('\n}', at));
}

/** `--docs-x: value` in base.css. */
function tokens(css: string): Map<string, string> {
  return new Map([...css.matchAll(/--docs-([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].replace(/\s+/g, ' ').trim()]));
}

/** `--w-x: var(--docs-x, fallback)` in palette.css: x → fallback. */
function fallbacks(css: string): Map<string, string> {
  return new Map([...css.matchAll(/--w-([\w-]+):\s*var\(--docs-\1,\s*([^;]+)\);/g)].map((m) => [m[1], m[2].replace(/\s+/g, ' ').trim()]));
}

test('every palette colour falls back to the theme’s own value, light and dark', () => {
  const base = read('styles/base.css');
  const palette = read('widgets/platform/palette.css');
  const light = tokens(block(base, ':root'));
  const dark = new Map([...light, ...tokens(block(base, 'html.dark'))]);
  const ownLight = fallbacks(block(palette, ':host'));
  const ownDark = new Map([...ownLight, ...fallbacks(block(palette, ":host([data-theme='dark'])"))]);
  assert.ok(ownLight.size >= 15, `palette tokens found: ${ownLight.size}`);
  for (const [name, value] of ownLight) assert.equal(value, light.get(name), `--docs-${name} (light)`);
  for (const [name, value] of ownDark) assert.equal(value, dark.get(name), `--docs-${name} (dark)`);
});

test('the widgets’ CSS reads the palette, never a page token directly', () => {
  const dir = path.join(ROOT, 'widgets');
  const sheets = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.css') && !f.endsWith('palette.css'));
  for (const file of sheets) assert.doesNotMatch(fs.readFileSync(path.join(dir, file), 'utf8'), /var\(--docs-/, file);
});
