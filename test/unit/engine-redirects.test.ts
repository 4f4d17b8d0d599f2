// Redirect pages (site config `redirects`): every language gets a static page that sends the reader to the
// mapped page, keeping query and hash; a mapped target that is not a page, or a source that is one, fails
// the build at the JSON file's line; redirect pages stay out of the sitemap, llms.txt and search.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BuildError } from '../../lib/errors.ts';
import { writeSideOutputs } from '../../lib/outputs/index.ts';
import { buildSite } from '../../eleventy/build.ts';
import { fixtureConfig, tempDir } from '../fixtures/sites/support.ts';

const CONFIG = fixtureConfig('basic');

function redirectsFile(map: Record<string, string>): string {
  const file = path.join(tempDir('redirects'), 'redirects.json');
  fs.writeFileSync(file, `${JSON.stringify({ $comment: 'test map', ...map }, null, 2)}\n`);
  return file;
}

describe('redirects', () => {
  test('each entry becomes a redirect page in every language, with base, canonical URL and the hash kept', async () => {
    const redirects = redirectsFile({ '/old/intro': '/guide/intro', '/old/section/': '/guide/advanced/#top' });
    const model = await buildSite({ configFile: CONFIG, overrides: { redirects, base: '/docs/' } });
    assert.deepEqual(model.redirects, [
      { route: '/old/intro', to: '/docs/guide/intro' },
      { route: '/zh/old/intro', to: '/docs/zh/guide/intro' },
      { route: '/old/section/', to: '/docs/guide/advanced/#top' },
      { route: '/zh/old/section/', to: '/docs/zh/guide/advanced/#top' },
    ]);
    const out = tempDir('redirects-out');
    await writeSideOutputs(model, out);
    const zh = fs.readFileSync(path.join(out, 'zh/old/intro.html'), 'utf8');
    assert.match(zh, /<html lang="zh">/);
    assert.match(zh, /<meta http-equiv="refresh" content="0; url=\/docs\/zh\/guide\/intro">/);
    assert.match(zh, /<link rel="canonical" href="https:\/\/example\.com\/docs\/zh\/guide\/intro">/);
    assert.match(
      zh,
      /new URL\(.*\+location\.search\+location\.hash,location\.href\);if\(u\.origin===location\.origin\)location\.replace\(u\.href\)/,
    );
    assert.ok(fs.existsSync(path.join(out, 'old/section/index.html')));
    // Not pages of the site.
    for (const file of ['sitemap.xml', 'llms.txt', 'zh/llms.txt'])
      assert.doesNotMatch(fs.readFileSync(path.join(out, file), 'utf8'), /\/old\//, file);
    const records = model.searchIndex.sets.map((s) => s.records.json).join('');
    assert.doesNotMatch(records, /\/old\//);
  });

  test('a target that is not a page, or a source that is a page, fails the build at the line of the entry', async () => {
    const redirects = redirectsFile({
      '/old/intro': '/guide/intro',
      '/old/gone': '/guide/removed',
      '/guide/intro': '/guide/',
    });
    const error = await buildSite({ configFile: CONFIG, overrides: { redirects } }).then(
      () => assert.fail('the build should fail'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BuildError);
    const problems = error.problems.map((p) => ({ file: p.file, line: p.line, message: p.message }));
    assert.deepEqual(problems, [
      { file: redirects, line: 4, message: 'redirect "/old/gone" → "/guide/removed": /guide/removed is not a page' },
      {
        file: redirects,
        line: 5,
        message: 'redirect "/guide/intro": /guide/intro is a page of this site, which the redirect would overwrite',
      },
    ]);
    assert.ok(error.problems.every((p) => p.fix.length > 0));
  });

  test('a side that could leave the site (//host, backslash, encoded slash, control character, scheme) is rejected', async () => {
    const bad = [
      '//evil.example/x',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ];
    const map: Record<string, string> = {};
    bad.forEach((to, i) => (map[`/old/${i}`] = to));
    map['//evil.example/from'] = '/guide/intro';
    const redirects = redirectsFile(map);
    const error = await buildSite({ configFile: CONFIG, overrides: { redirects } }).catch((e: unknown) => e);
    assert.ok(error instanceof BuildError);
    assert.equal(error.problems.length, bad.length + 1);
    for (const p of error.problems) {
      assert.match(p.message, /both sides must be paths of this site, starting with one "\/"$/);
      assert.equal(p.file, redirects);
    }
    assert.deepEqual(
      error.problems.map((p) => p.line),
      [...bad.keys()].map((i) => i + 3).concat(bad.length + 3),
    );
  });

  test('a map that is not a JSON object is reported, not thrown', async () => {
    const file = path.join(tempDir('redirects-bad'), 'redirects.json');
    fs.writeFileSync(file, '{ "/a": "/b", }');
    const error = await buildSite({ configFile: CONFIG, overrides: { redirects: file } }).catch((e: unknown) => e);
    assert.ok(error instanceof BuildError);
    assert.match(error.problems[0].message, /not valid JSON/);
    assert.equal(error.problems[0].file, file);
  });
});
