// Layout parts: where an overview page's Markdown is cut to put each group under the heading that names
// it, how many columns a home card grid gets so its rows balance, and the navbar's social overflow and
// active dropdown as rendered HTML.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SocialLink } from '../../common/types.ts';
import type { SiteModel } from '../../lib/model.ts';
import { balancedColumns } from '../../layouts/parts/card-grid.ts';
import { Navbar } from '../../layouts/parts/Navbar.tsx';
import { PostMeta } from '../../layouts/parts/PostMeta.tsx';
import { withShadowStyles } from '../../layouts/shadow-styles.ts';
import { ShadowRoot, type ShadowSheet, ShadowSheets } from '../../common/views/shadow-root.tsx';
import { headingIdOfGroup, splitAtH2 } from '../../layouts/parts/overview-sections.ts';
import { buildModel, fixtureConfig } from '../fixtures/sites/support.ts';

describe('overview sections', () => {
  test('the HTML is cut before each top-level H2, never inside a container', () => {
    const html =
      '<p>Intro</p><h2 id="a">A</h2><p>a</p><div class="callout"><h2 id="inner">In</h2></div><h2 id="b">B</h2><ul><li>b</li></ul>';
    const sections = splitAtH2(html);
    assert.deepEqual(
      sections.map((s) => s.id),
      [undefined, 'a', 'b'],
    );
    assert.equal(sections.map((s) => s.html).join(''), html, 'nothing lost or repeated');
    assert.equal(sections[1].html, '<h2 id="a">A</h2><p>a</p><div class="callout"><h2 id="inner">In</h2></div>');
  });

  test('a group is named by an H2 of the same text (case, spaces and hyphens aside) or slug', () => {
    const toc = [
      { text: 'Test configurations', id: 'test-configurations', depth: 2 },
      { text: '构建配置', id: 'build-configurations', depth: 2 },
      { text: 'Runtime', id: 'runtime', depth: 3 },
    ];
    assert.equal(headingIdOfGroup(toc, 'Test Configurations'), 'test-configurations');
    assert.equal(headingIdOfGroup(toc, 'Build Configurations'), 'build-configurations');
    assert.equal(headingIdOfGroup(toc, '构建配置'), 'build-configurations');
    assert.equal(headingIdOfGroup(toc, 'Runtime'), undefined, 'an H3 does not name a group');
  });
});

describe('card grid columns', () => {
  test('one row up to 4 cards; then 3 or 4 columns, whichever leaves the last row fuller', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => balancedColumns(n)),
      [1, 2, 3, 4, 3, 3, 4, 4, 3, 4, 4, 4],
    );
  });
});

describe('navbar', () => {
  let model: SiteModel;
  before(async () => {
    model = await buildModel(fixtureConfig('basic'));
  });

  const render = (route: string) => {
    const page = model.pages.find((p) => p.route === route)!;
    const assets = { css: [], preload: [], shadowStyles: {}, inline: { boot: '', notFound: '' } };
    return renderToStaticMarkup(createElement(Navbar, { page, model, assets }));
  };

  test('links past the fifth sit behind an icon button named "More links", not the words', () => {
    const link = (n: number): SocialLink => ({
      icon: { svg: `<svg viewBox="0 0 24 24"><path d="M${n} 0h1v1z"/></svg>` },
      mode: 'link',
      content: `https://example.com/${n}`,
      label: `L${n}`,
    });
    model.site.config.themeConfig.socialLinks = [1, 2, 3, 4, 5, 6].map(link);
    const html = render('/guide/');
    const more = /<div class="nav-dropdown social-more">\s*<button[^>]*>([\s\S]*?)<\/button>/.exec(html);
    assert.ok(more, html);
    assert.match(more[1], /^<svg[^>]*>/, 'an icon');
    assert.match(more[1], /<span class="sr-only">More links<\/span>/, 'named for assistive technology');
    assert.match(more[0], /title="More links"/);
    assert.match(
      html,
      /<span class="icon-custom" aria-hidden="true"><svg viewBox="0 0 24 24">/,
      'custom icons in their sized box',
    );
  });

  test('a nav dropdown holding the current page is marked active', () => {
    const locale = model.site.locales[0];
    locale.nav = [{ text: 'More', items: [{ text: 'Guide', link: '/guide/' }] }];
    assert.match(render('/guide/'), /<div class="nav-dropdown active">/);
  });
});

describe('the widgets’ shadow stylesheets', () => {
  const marker = (tag: 'pm-tabs' | 'copy-markdown') =>
    `<template shadowrootmode="open"><style data-shadow-style="${tag}"></style><b>ui</b></template>`;

  test('built pages carry the text; the dev server links the sheet; a sheet the build lacks stays an empty marker', () => {
    const html = `<pm-tabs>${marker('pm-tabs')}</pm-tabs><copy-markdown>${marker('copy-markdown')}</copy-markdown>`;
    const built = withShadowStyles(html, { 'pm-tabs': { href: '/assets/shadow-a.css', text: ':host{display:block}' } });
    assert.match(
      built,
      /<pm-tabs><template shadowrootmode="open"><style data-shadow-style="pm-tabs">:host\{display:block\}<\/style><b>ui<\/b>/,
    );
    assert.match(
      built,
      /<copy-markdown><template shadowrootmode="open"><style data-shadow-style="copy-markdown"><\/style>/,
    );
    const dev = withShadowStyles(html, { 'pm-tabs': { href: '/assets/shadow-a.css' } });
    assert.match(
      dev,
      /<pm-tabs><template shadowrootmode="open"><link rel="stylesheet" href="\/assets\/shadow-a.css"><b>ui<\/b>/,
    );
  });

  test('the layouts’ own shadow roots carry their sheet the same way, without a pass over the page', () => {
    const root = (sheets: Partial<Record<'theme-toggle', ShadowSheet>>) =>
      renderToStaticMarkup(
        createElement(
          ShadowSheets,
          { value: sheets },
          createElement(ShadowRoot, { tag: 'theme-toggle', children: createElement('b', null, 'ui') }),
        ),
      );
    assert.equal(
      root({ 'theme-toggle': { href: '/assets/shadow-t.css', text: ':host{color:red}' } }),
      '<template shadowrootmode="open"><style data-shadow-style="theme-toggle">:host{color:red}</style><b>ui</b></template>',
    );
    assert.equal(
      root({ 'theme-toggle': { href: '/assets/shadow-t.css' } }),
      '<template shadowrootmode="open"><link rel="stylesheet" href="/assets/shadow-t.css"/><b>ui</b></template>',
    );
    assert.equal(
      root({}),
      '<template shadowrootmode="open"><style data-shadow-style="theme-toggle"></style><b>ui</b></template>',
    );
  });
});

describe('a blog post’s date line', () => {
  test('the day in a <time datetime>, localized; authors linked to GitHub when a handle is given', () => {
    const html = (lang: string) =>
      renderToStaticMarkup(
        createElement(PostMeta, { date: '2026-07-06', authors: ['Ada', { name: 'Bo', github: 'bo-dev' }], lang }),
      );
    assert.match(html('en'), /<time dateTime="2026-07-06">July 6, 2026<\/time>/);
    assert.match(html('zh'), />2026 年 7 月 6 日<\/time>/);
    assert.match(
      html('en'),
      /> · Ada<\/span><span class="post-author">, <a href="https:\/\/github.com\/bo-dev"[^>]*>Bo<\/a>/,
    );
  });
});
