// The stylesheets built pages carry inline (lib/assets.ts): the text of each sheet Vite built, unless the text
// would mean something else inside the page; and the favicon as a compact data URL (lib/config.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { canInline, withInlineStyles } from '../../lib/assets.ts';
import { svgDataUrl } from '../../lib/config.ts';

describe('inline stylesheets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-assets-'));
  const write = (name: string, css: string) => fs.writeFileSync(path.join(dir, name), `${css}\n`);
  write(
    'index-a.css',
    '.a{color:red}.b{background:url("data:image/svg+xml,%3Csvg/%3E")}.c{background:url(https://x.dev/l.svg)}',
  );
  write('home-b.css', '.hero{background:url(./hero.png)}');
  write('overview-c.css', '.x::after{content:"</style><script>"}');

  test('a sheet is carried inline with its text; one whose meaning depends on its own address stays linked', () => {
    const css = withInlineStyles(
      [
        { sheet: 'site', href: '/docs/assets/index-a.css' },
        { sheet: 'home', href: '/docs/assets/home-b.css' },
        { sheet: 'overview', href: '/docs/assets/overview-c.css' },
      ],
      dir,
      '/docs/',
    );
    assert.equal(
      css[0].text,
      '.a{color:red}.b{background:url("data:image/svg+xml,%3Csvg/%3E")}.c{background:url(https://x.dev/l.svg)}',
    );
    // A relative url() resolves against the stylesheet's address: inside the page it would point elsewhere.
    assert.equal(css[1].text, undefined);
    // `</style` would end the element early.
    assert.equal(css[2].text, undefined);
    assert.deepEqual(
      css.map(({ sheet, href }) => [sheet, href]),
      [
        ['site', '/docs/assets/index-a.css'],
        ['home', '/docs/assets/home-b.css'],
        ['overview', '/docs/assets/overview-c.css'],
      ],
    );
  });

  test('which url() forms keep their meaning inline', () => {
    for (const ok of [
      'a{b:url(data:x)}',
      "a{b:url('/abs.png')}",
      'a{b:url( "https://e.com/x.png" )}',
      'a{mask:url(#m)}',
      'a{b:c}',
    ])
      assert.equal(canInline(ok), true, ok);
    for (const bad of ['a{b:url(x.png)}', "a{b:url('../x.png')}", 'a{b:url( "./x.png")}', 'a{content:"</STYLE>"}'])
      assert.equal(canInline(bad), false, bad);
  });
});

describe('the favicon as a data URL', () => {
  test('decodes to the same SVG, in fewer bytes than encodeURIComponent', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\n  <rect width="64" height="64" rx="14" fill="#ea580c"/>\n</svg>\n';
    const url = svgDataUrl(svg);
    assert.match(url, /^data:image\/svg\+xml,[^#"'<>\s]*$/);
    assert.equal(decodeURIComponent(url.slice('data:image/svg+xml,'.length)), svg.trim().replace(/\s+/g, ' '));
    assert.ok(url.length < `data:image/svg+xml,${encodeURIComponent(svg.trim())}`.length);
  });
});
