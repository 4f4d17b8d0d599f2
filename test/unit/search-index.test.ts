// Building the search index (lib/search): page text without chrome, which pages are indexed, the record
// shape, the index files (naming, hash, base path, versions) and the ranking rules of the engine.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { chunkFile, pageFile, readEntry, readPage } from '../../common/search/shards.ts';
import { createEngine } from '../../common/search/engine.ts';
import { htmlToText } from '../../lib/search/html-text.ts';
import { buildSearchIndex, searchIndexFiles } from '../../lib/search/index-files.ts';
import {
  isSitePath,
  manifestEntry,
  SEARCH_MANIFEST_FILE,
  usableRecord,
  type SearchManifest,
  type SearchRecord,
} from '../../common/search/record.ts';
import { buildSearchRecords } from '../../lib/search/records.ts';
import type { SiteModel, SitePage } from '../../lib/model.ts';
import { buildSite } from '../../eleventy/build.ts';
import { rankPages } from '../search/relevance.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../search/fixture/site.config.ts');
const VERSIONS = path.resolve(import.meta.dirname, '../fixtures/sites/versions/site.config.ts');

let model: SiteModel;
let groups: Map<string, SearchRecord[]>;
before(async () => {
  model = await buildSite({ configFile: FIXTURE });
  // The records as the build writes them.
  groups = new Map(model.searchIndex.sets.map((set) => [set.key, JSON.parse(set.records.json) as SearchRecord[]]));
});

describe('page text', () => {
  test('chrome is left out: H1, heading permalinks, tab labels, code titles, copy and wrap buttons', () => {
    const [en] = groups.get('en')!;
    assert.ok(!en.content.includes('Mocking modules'), 'the H1 is the title field, not content');
    assert.ok(!en.content.includes('#'), 'no permalink "#"');
    assert.ok(!/setup\.ts|\bCLI\b/.test(en.content), 'no code-group tab labels or code titles');
    assert.ok(!/Copy code|Toggle code wrap/.test(en.content), 'no button labels');
  });

  test('code blocks are indexed where they stand, package-manager tabs once (npm)', () => {
    const [en] = groups.get('en')!;
    assert.match(en.content, /Install npm install -D @rstest\/core Mock a module rstest\.mock\('\.\/api'/);
    assert.ok(!/yarn|pnpm|bun add/.test(en.content));
    assert.match(en.content, /npx rstest --testTimeout 5000/);
  });

  test('entities are decoded and inline markup leaves its text', () => {
    assert.match(groups.get('en')![0].content, /the strong & escaped text/);
  });

  test('with search.codeBlocks off, code stays out', () => {
    const [en] = buildSearchRecords(
      model.pages.map((page) => ({ page, html: page.html })),
      { codeBlocks: false },
    ).get('en')!;
    assert.ok(!en.content.includes('rstest.fn()'));
    assert.match(en.content, /Replace a module with rstest\.mock/);
  });

  test('each heading knows where its section starts in the content', () => {
    const { text, headingOffsets } = htmlToText(
      '<p>Intro text.</p><h2 id="a">Alpha<a class="header-anchor" href="#a">#</a></h2><p>Body.</p>',
    );
    assert.equal(text, 'Intro text. Alpha Body.');
    assert.equal(text.slice(headingOffsets.get('a')), 'Alpha Body.');
    const [zh] = groups.get('zh')!;
    for (const entry of zh.toc) assert.ok(zh.content.startsWith(entry.text, entry.charIndex), entry.text);
  });
});

describe('page text of tables', () => {
  test('cells are separated by "|" and rows by ";", so a snippet of a table does not run together', () => {
    const { text } = htmlToText(
      '<p>Options:</p><table><thead><tr><th>Option</th><th>Type</th></tr></thead><tbody><tr><td>retry</td><td><code>number</code></td></tr><tr><td>bail</td><td>boolean</td></tr></tbody></table><p>After.</p>',
    );
    assert.equal(text, 'Options: Option | Type; retry | number; bail | boolean After.');
  });
});

describe('records', () => {
  test('one group per language; the home page, 404 pages and `search: false` pages are left out', () => {
    assert.deepEqual([...groups.keys()], ['en', 'zh']);
    assert.deepEqual(
      groups.get('en')!.map((r) => r.routePath),
      ['/guide/mocking'],
    );
    assert.deepEqual(
      groups.get('zh')!.map((r) => r.routePath),
      ['/zh/guide/mocking'],
    );
  });

  test('a record has id, routePath, title, section, content, toc (text, id, depth, charIndex), lang and version', () => {
    const [zh] = groups.get('zh')!;
    assert.deepEqual(Object.keys(zh).sort(), [
      'content',
      'id',
      'lang',
      'routePath',
      'section',
      'title',
      'toc',
      'version',
    ]);
    assert.deepEqual(zh.section, [], 'a page in no nav entry or sidebar group has no section');
    assert.equal(zh.title, '模拟模块');
    assert.equal(zh.lang, 'zh');
    assert.equal(zh.version, '');
    assert.deepEqual(
      zh.toc.map((t) => [t.text, t.id, t.depth]),
      [
        ['安装', 'install', 2],
        ['模拟一个模块', 'mock-a-module', 2],
        ['配置文件的路径', 'accents', 3],
      ],
    );
  });
});

describe('index files', () => {
  test('named by one hash: the records {base}static/search_index.{lang}.{hash}.json, the index in static/search/{lang}.{hash}/', () => {
    const { sets, urls } = model.searchIndex;
    assert.deepEqual(
      sets.map((s) => s.key),
      ['en', 'zh'],
    );
    for (const set of sets) {
      const hash = /^\/static\/search_index\.(?:en|zh)\.([0-9a-f]{10})\.json$/.exec(set.records.url)?.[1];
      assert.ok(hash, set.records.url);
      assert.deepEqual(JSON.parse(set.records.json), groups.get(set.key));
      assert.equal(set.shards[0].url, `/static/search/${set.key}.${hash}/index.json`);
      assert.ok(set.shards.every((f) => f.url.startsWith(`/static/search/${set.key}.${hash}/`)));
    }
    assert.deepEqual(
      urls,
      Object.fromEntries(sets.map((s) => [s.key, s.shards[0].url])),
      'the site data names the entries',
    );
  });

  test('the index: its entry, its chunks and each record as its page file, nothing else', () => {
    for (const set of model.searchIndex.sets) {
      const entryUrl = set.shards[0].url;
      const files = new Map(set.shards.map((f) => [f.url, f.json]));
      const file = (name: string) => JSON.parse(files.get(new URL(name, `http://x${entryUrl}`).pathname)!);
      const entry = readEntry(file('index.json'))!;
      const records = groups.get(set.key)!;
      assert.equal(entry.documentCount, records.length);
      entry.chunks.forEach((_, n) => assert.ok(file(chunkFile(n)), `chunk ${n}`));
      // Read as the browser reads it (an empty section path is none).
      for (const record of records)
        assert.deepEqual(readPage(file(pageFile(record.id)), record.id, entry), usableRecord(record));
      assert.equal(files.size, 1 + entry.chunks.length + records.length);
    }
  });

  test('the hash changes when the content does, and only then', async () => {
    const again = await buildSite({ configFile: FIXTURE });
    assert.deepEqual(again.searchIndex.urls, model.searchIndex.urls);
    const html = (page: SitePage) => page.html;
    const before = buildSearchIndex(again.site, again.pages, html).urls;
    const zh = again.pages.find((p) => p.route === '/zh/guide/mocking')!;
    zh.html = zh.html.replace('安装', '安装依赖');
    const after = buildSearchIndex(again.site, again.pages, html).urls;
    assert.equal(after.en, before.en);
    assert.notEqual(after.zh, before.zh);
  });

  test('a build with the same inputs reads the index files from the disk cache, each set packed in a few files', async () => {
    const again = await buildSite({ configFile: FIXTURE });
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-cache-'));
    try {
      const written = buildSearchIndex(again.site, again.pages, (page) => page.html, cacheDir);
      const [entry] = fs.readdirSync(path.join(cacheDir, 'search'));
      const cached = fs.readdirSync(path.join(cacheDir, 'search', entry));
      // Per set: the records and one pack of the index's files; and the list of them.
      assert.equal(cached.length, 2 * written.sets.length + 1, cached.join(', '));
      const read = buildSearchIndex(
        again.site,
        again.pages,
        () => assert.fail('the cache is read, no page is indexed again'),
        cacheDir,
      );
      const files = (index: typeof written) => searchIndexFiles(index, again.site);
      assert.deepEqual(files(read), files(written));
      assert.ok(
        written.sets.every((set) => set.shards.length >= 3),
        'the entry, a chunk and the pages in each pack',
      );
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test('URLs carry the base path', async () => {
    const based = await buildSite({ configFile: FIXTURE, overrides: { base: '/docs/' } });
    assert.match(based.searchIndex.urls.en, /^\/docs\/static\/search\/en\.[0-9a-f]+\/index\.json$/);
    assert.match(based.searchIndex.sets[0].records.url, /^\/docs\/static\/search_index\.en\.[0-9a-f]+\.json$/);
  });

  test('a multi-version site has one index per version and language: search/{version}.{lang}.{hash}/', async () => {
    const versioned = await buildSite({ configFile: VERSIONS });
    const urls = versioned.searchIndex.urls;
    assert.deepEqual(Object.keys(urls).sort(), ['v1.en', 'v1.zh', 'v2.en', 'v2.zh']);
    assert.match(urls['v1.zh'], /\/static\/search\/v1\.zh\.[0-9a-f]+\/index\.json$/);
    const records = JSON.parse(
      versioned.searchIndex.sets.find((s) => s.key === 'v1.en')!.records.json,
    ) as SearchRecord[];
    assert.ok(records.length > 0 && records.every((r) => r.version === 'v1' && r.lang === 'en'));
  });

  test('static/search-manifest.json names each index’s current files, relative to itself, and the default language and version', async () => {
    const files = new Map(searchIndexFiles(model.searchIndex, model.site));
    const manifest = JSON.parse(files.get(SEARCH_MANIFEST_FILE)!) as SearchManifest;
    assert.deepEqual(manifest, {
      lang: 'en',
      version: '',
      indexes: Object.fromEntries(
        model.searchIndex.sets.map((s) => [
          s.key,
          {
            records: path.basename(s.records.file),
            index: `search/${s.key}.${s.records.file.split('.').at(-2)}/index.json`,
          },
        ]),
      ),
    });
    for (const entry of Object.values(manifest.indexes)) {
      for (const file of [entry.records, entry.index]) assert.ok(files.has(`static/${file}`), file);
    }
    const versioned = await buildSite({ configFile: VERSIONS });
    const v = JSON.parse(
      new Map(searchIndexFiles(versioned.searchIndex, versioned.site)).get(SEARCH_MANIFEST_FILE)!,
    ) as SearchManifest;
    assert.equal(v.version, 'v2');
    assert.match(
      manifestEntry(v, 'zh-CN')!.records,
      /^search_index\.v2\.zh\./,
      'the default version, the primary language',
    );
    assert.match(manifestEntry(v, 'fr')!.records, /^search_index\.v2\.en\./, 'else the default language');
  });
});

describe('reading an index someone else wrote', () => {
  test('a record without id, route, title or text is not usable; a missing toc, lang or version counts as empty', () => {
    const good = doc(0, 'retry', 'Re-run failing tests', [
      { text: 'Per file', id: 'per-file', depth: 2, charIndex: 3 },
    ]);
    assert.deepEqual(usableRecord(good), good);
    for (const bad of [
      null,
      'text',
      { id: 1, title: 'no route', content: '' },
      { id: -1, routePath: '/x', title: 'x', content: '' },
    ])
      assert.equal(usableRecord(bad), undefined, JSON.stringify(bad));
    assert.deepEqual(
      usableRecord({
        id: 2,
        routePath: '/p/2',
        title: 'bare',
        content: 'words',
        toc: [{ text: 'bad entry' }, { text: 'ok', id: 'ok', depth: 2, charIndex: 0 }],
      }),
      {
        id: 2,
        routePath: '/p/2',
        title: 'bare',
        content: 'words',
        toc: [{ text: 'ok', id: 'ok', depth: 2, charIndex: 0 }],
        lang: '',
        version: '',
      },
    );
  });

  test('a record whose route is not a path on the site is not usable: another origin, a scheme, a backslash, whitespace', () => {
    const hostile = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      ' /ok',
      '/\t/evil.example',
      '/\n/evil.example',
      'evil.example/x',
      '',
    ];
    for (const [id, routePath] of hostile.entries())
      assert.equal(usableRecord({ ...doc(id, 'retry', 'retry'), routePath }), undefined, JSON.stringify(routePath));
    for (const route of ['/', '/guide/start/', '/zh/api/%E4%B8%AD/', '/guide/a.html?x=1#y'])
      assert.ok(isSitePath(route), route);
  });
});

const doc = (id: number, title: string, content: string, toc: SearchRecord['toc'] = []): SearchRecord => ({
  id,
  routePath: `/p/${id}`,
  title,
  content,
  toc,
  lang: 'en',
  version: '',
});

describe('ranking', () => {
  const records = [
    doc(0, 'Mock functions', 'Create mocks with rstest.fn and spy with rstest.spyOn. Mock everything.'),
    doc(1, 'testTimeout', 'The time limit of a test. Pass --testTimeout on the CLI.'),
    doc(2, 'Reporters', 'Reporters print results. The timeout of a test is in testTimeout.', [
      { text: 'Test timeout', id: 'timeout', depth: 2, charIndex: 25 },
    ]),
    doc(3, '配置文件', '修改配置文件的路径。'),
    doc(4, '路径', '文件配置在这里。'),
    doc(5, 'Watch mode', 'Re-run on change: watch the files, then run the math.'),
    doc(6, 'Matchers', 'Every match is checked.'),
  ];
  const engine = createEngine(records);
  const top = (query: string) => rankPages(engine, records, query).map((r) => r.record.title);

  test('an exact title match ranks first, ignoring case and separators', () => {
    assert.equal(top('test timeout')[0], 'testTimeout');
    assert.equal(top('TESTTIMEOUT')[0], 'testTimeout');
  });

  test('pages holding every query term come before pages holding some', () => {
    assert.deepEqual(top('spy fn')[0], 'Mock functions');
  });

  test('the word being typed matches as a prefix; a typo still finds the page', () => {
    assert.equal(top('rstest.sp')[0], 'Mock functions');
    assert.equal(top('reportrs')[0], 'Reporters');
  });

  test('a typo in a word is forgiven; a word some page has as typed, or a part of an identifier, is not fuzzy-matched', () => {
    assert.equal(top('watsh')[0], 'Watch mode');
    assert.ok(!top('toMatchSnapshot').includes('Watch mode'), 'its part "match" ≠ watch, math');
    assert.deepEqual(top('match'), ['Matchers'], '"match" is in the index as typed: no watch, no math');
  });

  test('Chinese: the pages with the phrase come first, whatever the word split', () => {
    assert.equal(top('配置文件')[0], '配置文件');
    assert.equal(top('文件配置')[0], '路径');
  });

  test('no terms, no results', () => {
    assert.deepEqual(top('  '), []);
  });

  test('among pages that hold the query alike, a title match outranks a heading match, which outranks body text', () => {
    const pages = [
      doc(0, 'Config', 'Set the snapshot format, the snapshot path and when a snapshot is written.'),
      doc(1, 'Reporters', 'What each reporter prints, and a summary at the end.', [
        { text: 'Snapshot summary', id: 'snapshot-summary', depth: 2, charIndex: 27 },
      ]),
      doc(2, 'Snapshot testing', 'Compare the output with a file stored beside the test.'),
    ];
    const ranked = rankPages(createEngine(pages), pages, 'snapshot').map((r) => r.record.title);
    assert.deepEqual(ranked, ['Snapshot testing', 'Reporters', 'Config']);
  });
});
