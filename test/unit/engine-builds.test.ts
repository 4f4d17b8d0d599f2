// Full builds through the CLI (Eleventy + layouts + side outputs), as an author runs them:
// a two-version site (versioned routes, version and language switchers) and a site under base /docs/
// whose every link, image and asset stays under /docs/ and leads to a file that exists.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { ClientSiteData, PageData } from '../../common/types.ts';
import { cliBuild, filesUnder, fixtureConfig, tempDir, urlsIn } from '../fixtures/sites/support.ts';

const versionsOut = tempDir('versions-site');
const baseOut = tempDir('base-site');

before(async () => {
  // Both builds at once: they are independent, and the suite stays fast.
  const results = await Promise.all([
    cliBuild(fixtureConfig('versions'), versionsOut),
    cliBuild(fixtureConfig('basic'), baseOut, { DOCS_BASE: '/docs/' }),
  ]);
  for (const { code, output } of results) assert.equal(code, 0, output);
});

const html = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const anchors = (page: string, attribute: string) =>
  Object.fromEntries(
    [...page.matchAll(new RegExp(`<a [^>]*${attribute}="([^"]+)"[^>]*>`, 'g'))].map((m) => [m[1], m[0]]),
  );
const hrefOf = (tag: string | undefined) => /href="([^"]*)"/.exec(tag ?? '')?.[1];
const pageData = (page: string) =>
  JSON.parse(/<script type="application\/json" id="docs-page-data">(.*?)<\/script>/.exec(page)![1]) as PageData;
const siteData = (page: string) =>
  JSON.parse(/<script type="application\/json" id="docs-site-data">(.*?)<\/script>/.exec(page)![1]) as ClientSiteData;

describe('a two-version site (default v2)', () => {
  test('the default version has no segment; v1 lives under /v1/, in both languages', () => {
    const pages = filesUnder(versionsOut).filter((f) => f.endsWith('.html'));
    const perVersion = ['index.html', 'guide/index.html', 'guide/start.html', '404.html'];
    const expected = [
      ...perVersion,
      ...perVersion.map((f) => `zh/${f}`),
      ...perVersion.map((f) => `v1/${f}`),
      ...perVersion.map((f) => `v1/zh/${f}`),
    ].sort();
    assert.deepEqual(pages, expected);
    assert.match(html(versionsOut, 'v1/guide/start.html'), /<h1 id="start-v1">Start v1<\/h1>/);
    assert.match(html(versionsOut, 'guide/start.html'), /<h1 id="start-v2">Start v2<\/h1>/);
  });

  test('the version switcher links to the same page in each version, the current one marked', () => {
    const current = anchors(html(versionsOut, 'guide/start.html'), 'data-version-switch');
    assert.equal(hrefOf(current.v1), '/v1/guide/start');
    assert.equal(hrefOf(current.v2), '/guide/start');
    assert.match(current.v2, /class="nav-link active"/);
    const old = anchors(html(versionsOut, 'v1/zh/guide/start.html'), 'data-version-switch');
    assert.equal(hrefOf(old.v2), '/zh/guide/start');
    assert.equal(hrefOf(old.v1), '/v1/zh/guide/start');
    assert.match(old.v1, /class="nav-link active"/);
  });

  test('the language switcher stays in the version', () => {
    const languages = anchors(html(versionsOut, 'v1/zh/guide/start.html'), 'data-lang-switch');
    assert.equal(hrefOf(languages.en), '/v1/guide/start');
    assert.equal(hrefOf(languages.zh), '/v1/zh/guide/start');
  });

  test('sidebar, content and hero links stay in the version and language', () => {
    const start = html(versionsOut, 'v1/zh/guide/start.html');
    assert.match(start, /<a class="sidebar-link" href="\/v1\/zh\/guide\/">指南 v1<\/a>/);
    assert.match(start, /<a href="\/v1\/zh\/guide\/">guide<\/a>/);
    assert.match(html(versionsOut, 'v1/guide/index.html'), /<a href="\/v1\/guide\/start#first-steps">start<\/a>/);
    assert.match(html(versionsOut, 'v1/index.html'), /href="\/v1\/guide\/start"/);
  });

  test('page data and site data carry the version', () => {
    const page = html(versionsOut, 'v1/zh/guide/start.html');
    const data = pageData(page);
    assert.deepEqual(
      [data.version, data.lang, data.routePath, data.pagePath],
      ['v1', 'zh', '/v1/zh/guide/start', 'content/v1/zh/guide/start.md'],
    );
    const site = siteData(page);
    assert.deepEqual([site.version, site.versions, site.defaultVersion], ['v1', ['v1', 'v2'], 'v2']);
    assert.equal(pageData(html(versionsOut, 'guide/start.html')).version, 'v2');
  });

  test('Markdown copies are written into the output folder given to the CLI', () => {
    assert.ok(fs.existsSync(path.join(versionsOut, 'v1/zh/guide/start.md')));
    assert.ok(fs.existsSync(path.join(versionsOut, 'llms.txt')));
  });
});

describe('a site under base /docs/', () => {
  /** The file a plain static host serves for an href under the base, if any. */
  function fileFor(href: string): string | undefined {
    const pathname = decodeURIComponent(href.replace(/[?#].*$/, '')).slice('/docs'.length);
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`];
    return candidates.map((c) => path.join(baseOut, c)).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  }

  test('every href and src is under /docs/, external, an anchor or inline (a small favicon) — and leads to a file that exists', () => {
    const pages = filesUnder(baseOut).filter((f) => f.endsWith('.html'));
    assert.equal(pages.length, 16);
    const seen = new Set<string>();
    for (const file of pages) {
      for (const raw of urlsIn(html(baseOut, file))) {
        const url = raw.replace(/&amp;/g, '&');
        if (/^(https?:|mailto:|data:image\/svg\+xml,)/.test(url) || url.startsWith('#')) continue;
        assert.ok(url.startsWith('/docs/'), `${file}: "${url}" is outside the base`);
        seen.add(url);
        assert.ok(fileFor(url), `${file}: "${url}" leads to no file`);
      }
    }
    for (const kind of [
      '/docs/zh/guide/intro',
      '/docs/guide/intro.md',
      '/docs/logo.svg',
      '/docs/guide/advanced/deep#details',
    ]) {
      assert.ok(seen.has(kind), `some page links to ${kind}`);
    }
  });

  test('anchors in links point at headings that exist on the target page', () => {
    for (const file of filesUnder(baseOut).filter((f) => f.endsWith('.html'))) {
      for (const url of urlsIn(html(baseOut, file)).filter((u) => u.startsWith('/docs/') && u.includes('#'))) {
        const id = decodeURIComponent(url.slice(url.indexOf('#') + 1));
        assert.ok(html(baseOut, path.relative(baseOut, fileFor(url)!)).includes(` id="${id}"`), `${file}: ${url}`);
      }
    }
  });

  test('the 404 page sends readers home under the base, per language', () => {
    assert.match(html(baseOut, '404.html'), /<a class="button brand" href="\/docs\/"/);
    assert.match(html(baseOut, 'zh/404.html'), /<a class="button brand" href="\/docs\/zh\/"/);
  });

  test('site data, canonical and alternates carry the base', () => {
    const page = html(baseOut, 'zh/guide/intro.html');
    assert.equal(siteData(page).base, '/docs/');
    assert.equal(pageData(page).routePath, '/docs/zh/guide/intro');
    assert.match(page, /<link rel="canonical" href="https:\/\/example.com\/docs\/zh\/guide\/intro"\/>/);
    assert.match(
      page,
      /<link rel="alternate" hrefLang="x-default" href="https:\/\/example.com\/docs\/guide\/intro"\/>/,
    );
    assert.ok(html(baseOut, 'sitemap.xml').includes('<loc>https://example.com/docs/zh/guide/intro</loc>'));
    assert.ok(html(baseOut, 'llms.txt').includes('(https://example.com/docs/guide/intro.md)'));
  });
});
