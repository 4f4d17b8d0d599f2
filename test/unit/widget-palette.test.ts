// The widgets' own palette (widgets/platform/palette.css) is the theme's (styles/base.css): embedded on a page
// without the docs CSS, a widget has the docs site's colours, in light and in dark. Its fonts are generic
// families a host's @font-face cannot take the name of.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The declarations of the first rule whose selector list starts with this selector. */
function block(css: string, selector: string): string {
  const at = [`\n${selector} {`, `\n${selector},`]
    .map((s) => css.indexOf(s))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  assert.ok(at !== undefined, `no rule ${selector}`);
  return css.slice(css.indexOf('{', at), css.indexOf('\n}', at));
}

/** `--docs-x: value` in base.css. */
function tokens(css: string): Map<string, string> {
  return new Map(
    [...css.matchAll(/--docs-([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].replace(/\s+/g, ' ').trim()]),
  );
}

/** `--w-x: var(--docs-x, fallback) !important` in palette.css: x → fallback. */
function fallbacks(css: string): Map<string, string> {
  return new Map(
    [...css.matchAll(/--w-([\w-]+):\s*var\(--docs-\1,\s*([^;]+)\)\s*!important;/g)].map((m) => [
      m[1],
      m[2].replace(/\s+/g, ' ').trim(),
    ]),
  );
}

const FONTS = new Set(['font', 'mono']);

test('every palette colour falls back to the theme’s own value, light and dark', () => {
  const base = read('styles/base.css');
  const palette = read('widgets/platform/palette.css');
  const light = tokens(block(base, ':root'));
  const dark = new Map([...light, ...tokens(block(base, 'html.dark'))]);
  const ownLight = fallbacks(block(palette, ':host'));
  const ownDark = new Map([...ownLight, ...fallbacks(block(palette, ":host([data-theme='dark'])"))]);
  assert.ok(ownLight.size >= 15, `palette tokens found: ${ownLight.size}`);
  for (const [name, value] of ownLight)
    if (!FONTS.has(name)) assert.equal(value, light.get(name), `--docs-${name} (light)`);
  for (const [name, value] of ownDark)
    if (!FONTS.has(name)) assert.equal(value, dark.get(name), `--docs-${name} (dark)`);
});

test('the widgets’ own fonts are generic families only, which no host @font-face can shadow', () => {
  const own = fallbacks(block(read('widgets/platform/palette.css'), ':host'));
  // Chromium lets a face take `ui-monospace` or `-apple-system` as a name, not these keywords.
  for (const name of FONTS)
    assert.match(
      own.get(name) ?? '',
      /^(system-ui|sans-serif|serif|monospace)(, (system-ui|sans-serif|serif|monospace))*$/,
      `--w-${name}`,
    );
});

test('every token is the widget’s own on the element and on each element of its shadow root, important', () => {
  const palette = read('widgets/platform/palette.css');
  for (const theme of [':host', ":host([data-theme='dark'])"]) {
    const at = palette.indexOf(`\n${theme},`);
    const selectors = palette
      .slice(at, palette.indexOf('{', at))
      .split(',')
      .map((s) => s.trim());
    const inside = theme === ':host' ? '' : `${theme} `;
    for (const s of [theme, `${inside}*`, `${inside}*::before`, `${inside}*::after`])
      assert.ok(selectors.includes(s), `${s} in ${selectors.join(', ')}`);
    for (const line of block(palette, theme)
      .split('\n')
      .filter((l) => /^\s*--w-/.test(l)))
      assert.match(line, /!important;$/, line);
  }
});

test('the widgets’ CSS reads the palette, never a page token directly', () => {
  const dir = path.join(ROOT, 'widgets');
  const sheets = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => f.endsWith('.css') && !f.endsWith('palette.css'),
  );
  for (const file of sheets) assert.doesNotMatch(fs.readFileSync(path.join(dir, file), 'utf8'), /var\(--docs-/, file);
});
