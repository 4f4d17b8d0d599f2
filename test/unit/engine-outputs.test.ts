// Files written beside the pages: each page's Markdown, llms.txt and llms-full.txt per language, sitemap.xml
// with hreflang alternates, robots.txt and the static files of content/public.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { RouteContext } from '../../common/routes.ts';
import { writeSideOutputs } from '../../lib/outputs/index.ts';
import { setFiles } from '../../lib/search/index-files.ts';
import { publishedLinks, publishedMarkdown } from '../../lib/outputs/markdown.ts';
import type { SiteModel } from '../../lib/model.ts';
import { buildModel, filesUnder, fixtureConfig, tempDir } from '../fixtures/sites/support.ts';

let model: SiteModel;
let out: string;
const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

before(async () => {
  model = await buildModel(fixtureConfig('basic'));
  out = tempDir('outputs');
  await writeSideOutputs(model, out);
});

describe('Markdown beside each page', () => {
  test('every page has route + .md; a folder index is …/index.md; 404 pages have none', () => {
    const md = filesUnder(out).filter((f) => f.endsWith('.md'));
    const en = [
      'index.md',
      'guide/index.md',
      'guide/intro.md',
      'guide/custom.md',
      'guide/markdown.md',
      'guide/advanced/index.md',
      'guide/advanced/deep.md',
    ];
    assert.deepEqual(md, [...en, ...en.map((f) => `zh/${f}`)].sort());
  });

  test('it is the page source without front matter, headed by an H1, its links absolute (language applied, pages as .md)', () => {
    assert.equal(
      read('zh/guide/intro.md'),
      '# 站点介绍\n\n回到[指南的安装](https://example.com/zh/guide/index.md#setup)。\n',
    );
    const links = read('guide/markdown.md');
    for (const link of [
      '[the intro](https://example.com/guide/intro.md)',
      '[its heading](https://example.com/guide/advanced/deep.md#details)',
      '[Rstest](https://rstest.rs)',
      '[the logo](https://example.com/logo.svg)',
      '![Logo](https://example.com/logo.svg)',
    ]) {
      assert.ok(links.includes(link), link);
    }
    assert.match(
      read('guide/advanced/index.md'),
      /^# Advanced\n\nAdvanced topics, with no heading of their own\.\n$/,
      'the title when the page has no H1',
    );
    assert.match(read('index.md'), /^# Fixture\n/, 'the home page is headed by the site title');
    assert.doesNotMatch(read('guide/markdown.md'), /^---/);
    assert.match(
      read('guide/markdown.md'),
      /```pm\nnpm install -D @rstest\/core\n```/,
      'Markdown syntax stays as written',
    );
  });
});

describe('publishedMarkdown', () => {
  const ctx: RouteContext = {
    base: '/docs/',
    locales: [
      { lang: 'en', prefix: '' },
      { lang: 'zh', prefix: '/zh' },
    ],
    versions: [''],
    defaultVersion: '',
    cleanUrls: true,
  };
  const zhPage = { lang: 'zh', version: '', neutralRoute: '/guide/start/', route: '/zh/guide/start/' };
  const publish = (body: string) => publishedMarkdown(body, 'Title', publishedLinks(ctx, 'https://rstest.rs', zhPage));

  test('every kind of link: inline, <…>, titled, reference, raw HTML, image, relative, same-page', () => {
    const out = publish(
      [
        '# Start {#start}',
        '',
        '## 配置 {#config}',
        '',
        'See [retry](/config/test/retry#example "Retry"), [cli](<../basic/cli.md>), [here](#config) and [ref][r].',
        'A [link with `code`](./quick-start) and <a href="/api/">the API</a> and <img src="/logo.svg" alt="">.',
        '![shot](/img/shot.png) and [out](https://example.com/a?b=1&c=2) and [mail](mailto:a@b.c).',
        '',
        '[r]: /guide/basic/cli',
      ].join('\n'),
    );
    assert.equal(
      out,
      [
        '# Start',
        '',
        '## 配置',
        '',
        'See [retry](https://rstest.rs/docs/zh/config/test/retry.md#example "Retry"), [cli](<https://rstest.rs/docs/zh/guide/basic/cli.md>), [here](https://rstest.rs/docs/zh/guide/start/index.md#config) and [ref][r].',
        'A [link with `code`](https://rstest.rs/docs/zh/guide/start/quick-start.md) and <a href="https://rstest.rs/docs/zh/api/index.md">the API</a> and <img src="https://rstest.rs/docs/logo.svg" alt="">.',
        '![shot](https://rstest.rs/docs/img/shot.png) and [out](https://example.com/a?b=1&c=2) and [mail](mailto:a@b.c).',
        '',
        '[r]: https://rstest.rs/docs/zh/guide/basic/cli.md',
      ].join('\n'),
    );
  });

  test('code is left as written: fences, indented blocks, inline code; a page without H1 gets the title', () => {
    const body = [
      'Text with `[x](/a)` and ``[y](/b) `z` `` inline.',
      '',
      '```md',
      '[x](/guide/) {#id}',
      '## Heading {#kept}',
      '```',
      '',
      '    [indented](/guide/)',
      '',
    ].join('\n');
    assert.equal(publish(body), `# Title\n\n${body}`);
  });

  test('a line that only looks like a reference definition is text', () => {
    assert.equal(publish('# T\n\n[^1]: Some note about /guide/.'), '# T\n\n[^1]: Some note about /guide/.');
  });

  test('without siteUrl the links are root-relative, with the base', () => {
    const out = publishedMarkdown('[a](/guide/) ![b](/b.png)', 'T', publishedLinks(ctx, '', zhPage));
    assert.equal(out, '# T\n\n[a](/docs/zh/guide/index.md) ![b](/docs/b.png)');
  });
});

describe('llms.txt and llms-full.txt', () => {
  test('one llms.txt per language: title, summary, then every page as an absolute .md link with its description', () => {
    const en = read('llms.txt');
    assert.match(en, /^# Fixture\n\n> A fixture site\n\n/);
    assert.ok(en.includes('- [Intro](https://example.com/guide/intro.md): What the fixture is.'));
    assert.ok(en.includes('- [Advanced](https://example.com/guide/advanced/index.md): Advanced topics.'));
    assert.ok(en.includes('- [Fixture](https://example.com/index.md): The fixture home page.'));
    assert.doesNotMatch(en, /\/zh\//);
    const zh = read('zh/llms.txt');
    assert.match(zh, /^# Fixture\n\n> 一个测试站点\n/);
    assert.ok(zh.includes('- [介绍](https://example.com/zh/guide/intro.md): 这个站点是什么。'));
    assert.equal((zh.match(/^- \[/gm) ?? []).length, 7);
    assert.doesNotMatch(zh, /\]\(https:\/\/example.com\/guide/);
  });

  test('llms-full.txt holds every page of its language', () => {
    const en = read('llms-full.txt');
    const zh = read('zh/llms-full.txt');
    for (const page of model.pages.filter((p) => p.data.pageType !== '404')) {
      const full = page.data.lang === 'zh' ? zh : en;
      assert.ok(full.includes(page.markdown.trim()), page.route);
    }
    assert.doesNotMatch(en, /站点介绍/);
    assert.equal(en.split('\n\n---\n\n').length, 7);
  });
});

describe('sitemap.xml and robots.txt', () => {
  test('one <url> per page with its absolute address, last change and hreflang alternates', () => {
    const sitemap = read('sitemap.xml');
    assert.match(
      sitemap,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const urls = [...sitemap.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
    assert.equal(urls.length, 14, '7 pages × 2 languages, no 404 pages');
    const intro = urls.find((u) => u.startsWith('<loc>https://example.com/zh/guide/intro</loc>'));
    assert.ok(intro);
    assert.match(intro, /<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
    assert.ok(intro.includes('<xhtml:link rel="alternate" hreflang="en" href="https://example.com/guide/intro"/>'));
    assert.ok(intro.includes('<xhtml:link rel="alternate" hreflang="zh" href="https://example.com/zh/guide/intro"/>'));
    assert.ok(
      intro.includes('<xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/guide/intro"/>'),
      'x-default: the default language',
    );
    assert.equal(
      (sitemap.match(/hreflang="x-default"/g) ?? []).length,
      urls.length,
      'on every URL, the Chinese ones too',
    );
    assert.doesNotMatch(sitemap, /404/);
  });

  test('robots.txt allows everything and points at the sitemap', () => {
    assert.equal(read('robots.txt'), 'User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap.xml\n');
  });

  test('files of content/public are copied to the site root', () => {
    assert.equal(
      read('logo.svg'),
      fs.readFileSync(path.join(path.dirname(fixtureConfig('basic')), 'content/public/logo.svg'), 'utf8'),
    );
  });
});

describe('a site without siteUrl', () => {
  test('gets no sitemap, whose URLs must be absolute', async () => {
    const site = await buildModel(fixtureConfig('versions'));
    site.site.config.siteUrl = '';
    const dir = tempDir('outputs-no-url');
    await writeSideOutputs(site, dir);
    assert.equal(fs.existsSync(path.join(dir, 'sitemap.xml')), false);
    assert.doesNotMatch(fs.readFileSync(path.join(dir, 'robots.txt'), 'utf8'), /Sitemap:/);
  });
});

describe('a versioned site', () => {
  test('llms.txt lists the default version; the sitemap lists every version', async () => {
    const versioned = await buildModel(fixtureConfig('versions'));
    const dir = tempDir('outputs-versions');
    await writeSideOutputs(versioned, dir);
    const llms = fs.readFileSync(path.join(dir, 'llms.txt'), 'utf8');
    assert.ok(llms.includes('- [Start v2](https://versions.example/guide/start.md): Start page of v2 (en).'), llms);
    assert.doesNotMatch(llms, /v1/);
    const sitemap = fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
    assert.ok(sitemap.includes('<loc>https://versions.example/v1/zh/guide/start</loc>'));
    assert.ok(sitemap.includes('<loc>https://versions.example/guide/start</loc>'));
    assert.ok(fs.existsSync(path.join(dir, 'v1/zh/guide/start.md')));
  });
});

describe('writing into the output of an earlier build', () => {
  test('search index files (named by a hash of their content) are kept when whole, written again when not, and marked as this build’s', async () => {
    const dir = tempDir('outputs-again');
    await writeSideOutputs(model, dir);
    const shards = filesUnder(dir).filter((f) => f.startsWith('static/search/'));
    assert.ok(shards.length > 3, shards.join(', '));
    const [damaged, kept] = shards.map((f) => path.join(dir, f));
    const whole = fs.readFileSync(damaged);
    // A build stopped while writing leaves a file cut short; another file stays as the earlier build wrote it.
    fs.truncateSync(damaged, 5);
    const earlier = new Date(Date.now() - 60_000);
    fs.utimesSync(kept, earlier, earlier);
    const started = Date.now();
    await writeSideOutputs(model, dir);
    assert.deepEqual(fs.readFileSync(damaged), whole);
    // scripts/build.ts removes what a build did not write by its modification time: a kept file is this build's.
    assert.ok(fs.statSync(kept).mtimeMs >= started - 1_000, 'kept file marked as written by this build');
  });

  test('under the dev server’s names (no hash: ….dev.json) they are always written', async () => {
    const dev = await buildModel(fixtureConfig('basic'));
    for (const set of dev.searchIndex.sets)
      for (const file of setFiles(set)) file.file = file.file.replace(/\.[0-9a-f]+(?=\.json$|\/)/, '.dev');
    const dir = tempDir('outputs-dev');
    await writeSideOutputs(dev, dir);
    const records = path.join(dir, dev.searchIndex.sets[0].records.file);
    assert.match(records, /search_index\.en\.dev\.json$/);
    const whole = fs.readFileSync(records);
    // An index of other content that happens to have the same size.
    fs.writeFileSync(records, Buffer.alloc(whole.length, 32));
    await writeSideOutputs(dev, dir);
    assert.deepEqual(fs.readFileSync(records), whole);
  });
});
