// Page data computed once per page by lib/site.ts: page type, titles, document title, toc, source paths,
// last-updated time (git, else the file time), version, routes with base, alternates and the 404 pages.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { documentTitle } from '../../layouts/render.tsx';
import { resolveSiteConfig } from '../../lib/config.ts';
import { gitTimes, lastUpdatedOf } from '../../lib/last-updated.ts';
import type { SiteModel, SitePage } from '../../lib/model.ts';
import { buildModel, copyFixture, fixtureConfig, ROOT } from '../fixtures/sites/support.ts';

let model: SiteModel;
const page = (route: string): SitePage => {
  const found = model.pages.find((p) => p.route === route);
  assert.ok(found, `a page has the route ${route}`);
  return found;
};

/** Newest commit time of a file in ms, or undefined when git does not track it. */
function gitTimeOf(file: string): number | undefined {
  const out = execFileSync('git', ['log', '-1', '--format=%ct', '--', path.basename(file)], {
    cwd: path.dirname(file),
    encoding: 'utf8',
  }).trim();
  return out ? Number(out) * 1000 : undefined;
}

before(async () => {
  model = await buildModel(fixtureConfig('basic'));
});

describe('pages and routes', () => {
  test('every Markdown file of both languages is a page, plus a 404 page per language', () => {
    const routes = model.pages.map((p) => p.route).sort();
    const en = [
      '/',
      '/guide/',
      '/guide/advanced/',
      '/guide/advanced/deep',
      '/guide/custom',
      '/guide/intro',
      '/guide/markdown',
    ];
    const expected = [...en, ...en.map((r) => `/zh${r}`), '/404', '/zh/404'].sort();
    assert.deepEqual(routes, expected);
    assert.equal(page('/zh/404').data.pageType, '404');
    assert.equal(page('/zh/404').outputFile, 'zh/404.html');
  });

  test('hrefs and routePath carry the base path when one is set', async () => {
    const docs = await buildModel(fixtureConfig('basic'), { base: '/docs/' });
    const intro = docs.pages.find((p) => p.route === '/zh/guide/intro')!;
    assert.equal(intro.href, '/docs/zh/guide/intro');
    assert.equal(intro.data.routePath, '/docs/zh/guide/intro');
    assert.equal(intro.outputFile, 'zh/guide/intro.html', 'the output folder is the base');
    assert.match(
      intro.html,
      /<a href="\/docs\/zh\/guide\/#setup">/,
      'links in the content get the base and the language',
    );
  });
});

describe('page data', () => {
  test('pageType defaults to doc; front matter sets home and custom', () => {
    assert.equal(page('/guide/intro').data.pageType, 'doc');
    assert.equal(page('/').data.pageType, 'home');
    assert.equal(page('/zh/').data.pageType, 'home');
    assert.equal(page('/guide/custom').data.pageType, 'custom');
  });

  test('title comes from front matter, headingTitle from the H1 (empty without one)', () => {
    assert.equal(page('/guide/intro').data.title, 'Intro');
    assert.equal(page('/guide/intro').data.headingTitle, 'Introduction to Fixture');
    assert.equal(page('/zh/guide/intro').data.title, '介绍');
    assert.equal(page('/zh/guide/intro').data.headingTitle, '站点介绍');
    assert.equal(page('/guide/advanced/').data.title, 'Advanced');
    assert.equal(page('/guide/advanced/').data.headingTitle, '');
  });

  test('document title is "page - site"; titleSuffix replaces the suffix; home and 404 read naturally', () => {
    assert.equal(documentTitle(page('/guide/intro')), 'Intro - Fixture');
    assert.equal(documentTitle(page('/zh/guide/intro')), '介绍 - Fixture');
    assert.equal(documentTitle(page('/guide/advanced/deep')), 'Deep dive page | Deep');
    assert.equal(documentTitle(page('/zh/guide/advanced/deep')), '深入页面 | 深入');
    assert.equal(documentTitle(page('/')), 'Fixture');
    assert.equal(documentTitle(page('/404')), '404 - Fixture');
  });

  test('pagePath is relative to the project, relativePath to the language folder', () => {
    const zh = page('/zh/guide/advanced/deep').data;
    assert.equal(zh.pagePath, 'content/zh/guide/advanced/deep.md');
    assert.equal(zh.relativePath, 'guide/advanced/deep.md');
    assert.equal(page('/guide/').data.relativePath, 'guide/index.md');
    assert.equal(page('/').data.pagePath, 'content/en/index.md');
  });

  test('lang, version (empty without multi-version), routePath and front matter are in the data', () => {
    const data = page('/zh/guide/advanced/deep').data;
    assert.equal(data.lang, 'zh');
    assert.equal(data.version, '');
    assert.equal(data.routePath, '/zh/guide/advanced/deep');
    assert.equal(data.frontmatter.titleSuffix, ' | 深入');
    assert.equal(data.frontmatter.description, '最深的页面。');
  });

  test('the toc lists H2–H4 with ids and charIndex at the heading in the Markdown body', () => {
    const guide = page('/zh/guide/');
    const source = fs.readFileSync(guide.file, 'utf8');
    const body = source.slice(source.indexOf('\n---\n') + 5);
    assert.deepEqual(
      guide.data.toc.map((t) => [t.depth, t.id, t.text]),
      [
        [2, 'setup', '安装'],
        [3, 'requirements', '要求'],
        [4, 'versions', '版本'],
      ],
    );
    for (const entry of guide.data.toc) {
      assert.ok(
        body.slice(entry.charIndex).startsWith(`${'#'.repeat(entry.depth)} ${entry.text} {#${entry.id}}`),
        entry.id,
      );
    }
    assert.ok(guide.ids.includes('too-deep-for-the-outline'), 'deeper headings still have anchors');
  });

  test('each page knows its en and zh alternates', () => {
    assert.deepEqual(page('/zh/guide/intro').alternates, [
      { lang: 'en', href: '/guide/intro' },
      { lang: 'zh', href: '/zh/guide/intro' },
    ]);
  });

  test('the Markdown copy drops the front matter and has an H1 (the title when the page has none)', () => {
    assert.match(page('/guide/intro').markdown, /^# Introduction to Fixture\n\nBack to the/);
    assert.match(page('/guide/advanced/').markdown, /^# Advanced\n\nAdvanced topics/);
    assert.match(page('/').markdown, /^# Fixture\n/);
  });
});

describe('last updated time', () => {
  test('a file committed to this repository: the time of its newest commit', () => {
    const file = path.join(ROOT, 'content/en/config/test/retry.md');
    const expected =
      Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', file], { cwd: ROOT, encoding: 'utf8' }).trim()) *
      1000;
    assert.ok(expected > 0, 'retry.md is committed');
    assert.equal(lastUpdatedOf(file, gitTimes(path.join(ROOT, 'content'))), expected);
  });

  test('fixture pages: their commit time when tracked, else their file time', () => {
    for (const route of ['/guide/intro', '/zh/guide/advanced/deep']) {
      const { file, data } = page(route);
      const expected = gitTimeOf(file) ?? Math.round(fs.statSync(file).mtimeMs);
      assert.equal(data.lastUpdatedTime, expected, route);
    }
  });

  test('outside git: the file modification time', async () => {
    const dir = copyFixture('basic');
    const file = path.join(dir, 'content/zh/guide/intro.md');
    const when = new Date('2024-05-06T07:08:09.123Z');
    fs.utimesSync(file, when, when);
    const copy = await buildModel(path.join(dir, 'site.config.ts'));
    assert.equal(copy.pages.find((p) => p.route === '/zh/guide/intro')!.data.lastUpdatedTime, when.getTime());
  });
});

describe('the favicon link', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-icon-'));
  fs.mkdirSync(path.join(tmp, 'content/public'), { recursive: true });
  const small =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#f60"/></svg>';
  fs.writeFileSync(path.join(tmp, 'content/public/small.svg'), `${small}\n`);
  fs.writeFileSync(
    path.join(tmp, 'content/public/large.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(600)}</svg>`,
  );
  fs.writeFileSync(path.join(tmp, 'content/public/icon.png'), 'png');
  const hrefOf = (icon: string) =>
    resolveSiteConfig({ title: 'T', icon, base: '/docs/' }, path.join(tmp, 'site.config.ts')).iconHref;

  test('a small local SVG is written into the page as a data URL (no request on a first visit)', () => {
    const href = hrefOf('/small.svg');
    assert.match(href, /^data:image\/svg\+xml,/);
    assert.equal(decodeURIComponent(href.slice('data:image/svg+xml,'.length)), small);
  });

  test('a larger SVG, another format or a missing file is linked with the base; a URL stays as it is', () => {
    assert.equal(hrefOf('/large.svg'), '/docs/large.svg');
    assert.equal(hrefOf('/icon.png'), '/docs/icon.png');
    assert.equal(hrefOf('/missing.svg'), '/docs/missing.svg');
    assert.equal(hrefOf('https://example.com/i.svg'), 'https://example.com/i.svg');
    assert.equal(hrefOf(''), '');
  });
});
