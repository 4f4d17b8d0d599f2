// Sidebar resolution: labels from page titles, localized hrefs, dividers and section headers, which sidebar a
// route uses, which group is open for the active page, and previous/next order.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BuildProblem } from '../../lib/errors.ts';
import { hrefOfRoute, localizeRoute, type RouteContext } from '../../common/routes.ts';
import type { SiteModel } from '../../lib/model.ts';
import { containsRoute, Sidebar } from '../../layouts/parts/Sidebar.tsx';
import type { ResolvedSidebar, ResolvedSidebarItem } from '../../lib/model.ts';
import { flattenSidebar, prevNext, resolveSidebars, sidebarForRoute, sidebarTrail } from '../../lib/sidebar.ts';
import type { SidebarConfig } from '../../common/types.ts';
import { buildModel, fixtureConfig } from '../fixtures/sites/support.ts';

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

const titles = new Map([
  ['/zh/guide/', '指南'],
  ['/zh/guide/intro', '介绍'],
  ['/zh/guide/advanced/', '进阶'],
  ['/zh/guide/advanced/deep', '深入页面'],
]);

const config: SidebarConfig = {
  '/guide/': [
    { text: '开始', items: [{ link: '/guide/' }, { link: '/guide/intro.md', tag: 'new' }] },
    { dividerType: 'solid' },
    { sectionHeaderText: '更多', tag: 'beta' },
    {
      text: '进阶组',
      link: '/guide/advanced/',
      collapsible: true,
      collapsed: true,
      items: [{ link: '/guide/advanced/deep', text: '深入' }],
    },
  ],
};

function resolveZh(cfg: SidebarConfig, problems: BuildProblem[] = []): ResolvedSidebar[] {
  return resolveSidebars(cfg, {
    localize: (r) => localizeRoute(ctx, r, 'zh', ''),
    href: (r) => hrefOfRoute(ctx, r),
    titleOf: (r) => titles.get(r),
    configFile: path.join(import.meta.dirname, 'no-such-config.ts'),
    problems,
  });
}

describe('resolveSidebars', () => {
  test('links are localized with the base; labels default to page titles, explicit text wins', () => {
    const [sidebar] = resolveZh(config);
    assert.equal(sidebar.prefix, '/zh/guide/');
    const [start, divider, section, advanced] = sidebar.items;
    assert.deepEqual(start, {
      kind: 'group',
      text: '开始',
      route: undefined,
      href: undefined,
      tag: undefined,
      collapsible: false,
      collapsed: false,
      items: [
        { kind: 'link', tag: undefined, text: '指南', route: '/zh/guide/', href: '/docs/zh/guide/' },
        { kind: 'link', tag: 'new', text: '介绍', route: '/zh/guide/intro', href: '/docs/zh/guide/intro' },
      ],
    });
    assert.deepEqual(divider, { kind: 'divider', dividerType: 'solid' });
    assert.deepEqual(section, { kind: 'section', text: '更多', tag: 'beta' });
    assert.equal(advanced.kind, 'group');
    if (advanced.kind !== 'group') return;
    assert.equal(advanced.href, '/docs/zh/guide/advanced/');
    assert.equal(advanced.text, '进阶组', 'a group keeps its own text even when it links to a page');
    assert.deepEqual([advanced.collapsible, advanced.collapsed], [true, true]);
    assert.equal(advanced.items[0].kind === 'link' && advanced.items[0].text, '深入');
  });

  test('an entry pointing at no page is a problem naming the config file', () => {
    const problems: BuildProblem[] = [];
    resolveZh({ '/guide/': [{ link: '/guide/ghost' }] }, problems);
    assert.equal(problems.length, 1);
    assert.match(
      problems[0].message,
      /sidebar entry "\/guide\/ghost" links to \/zh\/guide\/ghost, and no page has that route/,
    );
    assert.match(problems[0].fix, /create the page for \/zh\/guide\/ghost, or correct the link/);
    assert.ok(problems[0].file.endsWith('no-such-config.ts'));
  });
});

const link = (route: string, text = route): ResolvedSidebarItem => ({ kind: 'link', text, route, href: route });
const group = (text: string, items: ResolvedSidebarItem[], route?: string): ResolvedSidebarItem => ({
  kind: 'group',
  text,
  route,
  href: route,
  collapsible: true,
  collapsed: true,
  items,
});

describe('containsRoute (which group opens for the active page)', () => {
  const nested = group(
    'Outer',
    [link('/a'), group('Inner', [link('/b')]), { kind: 'divider', dividerType: 'dashed' }],
    '/outer/',
  );
  test('a group contains its own page, its links and those of nested groups', () => {
    assert.ok(containsRoute(nested, '/outer/'));
    assert.ok(containsRoute(nested, '/a'));
    assert.ok(containsRoute(nested, '/b'));
    assert.ok(!containsRoute(nested, '/c'));
    assert.ok(!containsRoute({ kind: 'divider', dividerType: 'solid' }, '/a'));
    assert.ok(!containsRoute({ kind: 'section', text: 'S' }, '/a'));
  });

  test('rendered: a collapsed group opens when it holds the active page, and the link is aria-current', () => {
    const sidebar: ResolvedSidebar = {
      prefix: '/',
      items: [group('Holds', [link('/a', 'Page A')]), group('Other', [link('/b', 'Page B')])],
    };
    const html = renderToStaticMarkup(Sidebar({ sidebar, route: '/a', label: 'Menu' }));
    assert.match(html, /<details class="sidebar-collapse" open="" data-group="Holds">/);
    assert.match(html, /<details class="sidebar-collapse" data-group="Other">/);
    assert.match(html, /<a class="sidebar-link active" href="\/a" aria-current="page">Page A<\/a>/);
    assert.doesNotMatch(html, /href="\/b" aria-current/);
  });
});

describe('sidebarTrail (a search hit\u2019s section)', () => {
  test('the groups holding a page, outermost first; a group that is the page itself does not count', () => {
    const items: ResolvedSidebarItem[] = [
      {
        kind: 'group',
        text: 'Start',
        collapsible: false,
        collapsed: false,
        items: [{ kind: 'link', text: 'Intro', route: '/intro', href: '/intro' }],
      },
      {
        kind: 'group',
        text: 'Utility',
        route: '/util/',
        href: '/util/',
        collapsible: true,
        collapsed: false,
        items: [
          {
            kind: 'group',
            text: 'Mocks',
            collapsible: false,
            collapsed: false,
            items: [{ kind: 'link', text: 'fn', route: '/util/fn', href: '/util/fn' }],
          },
        ],
      },
    ];
    assert.deepEqual(sidebarTrail(items, '/intro'), ['Start']);
    assert.deepEqual(sidebarTrail(items, '/util/fn'), ['Utility', 'Mocks']);
    assert.deepEqual(sidebarTrail(items, '/util/'), []);
    assert.deepEqual(sidebarTrail(items, '/elsewhere'), []);
  });
});

describe('sidebarForRoute', () => {
  const sidebars: ResolvedSidebar[] = [
    { prefix: '/guide/', items: [] },
    { prefix: '/guide/advanced/', items: [] },
    { prefix: '/zh/guide/', items: [] },
  ];
  const prefixOf = (route: string) => sidebarForRoute(sidebars, route)?.prefix;

  test('the longest matching prefix wins', () => {
    assert.equal(prefixOf('/guide/advanced/deep'), '/guide/advanced/');
    assert.equal(prefixOf('/guide/advanced/'), '/guide/advanced/');
    assert.equal(prefixOf('/guide/intro'), '/guide/');
    assert.equal(prefixOf('/zh/guide/advanced/deep'), '/zh/guide/');
  });

  test('the prefix matches whole segments only; /guide matches /guide/', () => {
    assert.equal(prefixOf('/guide'), '/guide/');
    assert.equal(prefixOf('/guidelines'), undefined);
    assert.equal(prefixOf('/api/'), undefined);
  });
});

describe('prevNext', () => {
  const sidebar: ResolvedSidebar = {
    prefix: '/',
    items: [
      group('One', [link('/a'), link('/b')]),
      { kind: 'divider', dividerType: 'solid' },
      group('Two', [link('/c'), link('/a')], '/two/'),
      link('/d'),
    ],
  };

  test('pages follow sidebar order, a group page before its items, each page once', () => {
    assert.deepEqual(
      flattenSidebar(sidebar.items).map((l) => l.route),
      ['/a', '/b', '/two/', '/c', '/d'],
    );
  });

  test('prev and next cross group boundaries; the ends and unlisted pages have none', () => {
    assert.deepEqual(prevNext(sidebar, '/b'), {
      prev: { text: '/a', route: '/a', href: '/a' },
      next: { text: 'Two', route: '/two/', href: '/two/' },
    });
    assert.equal(prevNext(sidebar, '/a').prev, undefined);
    assert.equal(prevNext(sidebar, '/d').next, undefined);
    assert.deepEqual(prevNext(sidebar, '/elsewhere'), {});
    assert.deepEqual(prevNext(undefined, '/a'), {});
  });
});

describe('the fixture site', () => {
  let model: SiteModel;
  before(async () => {
    model = await buildModel(fixtureConfig('basic'));
  });
  const pageAt = (route: string) => model.pages.find((p) => p.route === route)!;

  test('each language has its sidebar, labelled with its own page titles', () => {
    const labels = (key: string) => flattenSidebar(model.sidebars.get(key)![0].items).map((l) => `${l.text} ${l.href}`);
    assert.deepEqual(labels('|en'), [
      'Guide /guide/',
      'Intro /guide/intro',
      'Advanced /guide/advanced/',
      'Deep dive /guide/advanced/deep',
      'Markdown /guide/markdown',
    ]);
    assert.deepEqual(labels('|zh'), [
      '指南 /zh/guide/',
      '介绍 /zh/guide/intro',
      '进阶 /zh/guide/advanced/',
      '深入 /zh/guide/advanced/deep',
      'Markdown /zh/guide/markdown',
    ]);
  });

  test('pages get previous/next along it; pages outside the sidebar get none', () => {
    const deep = pageAt('/zh/guide/advanced/deep');
    assert.equal(deep.prev?.href, '/zh/guide/advanced/');
    assert.equal(deep.prev?.text, '进阶');
    assert.equal(deep.next?.href, '/zh/guide/markdown');
    assert.equal(pageAt('/guide/').prev, undefined);
    assert.equal(pageAt('/guide/custom').prev, undefined);
    assert.equal(pageAt('/guide/custom').next, undefined);
    assert.equal(pageAt('/').sidebar, undefined, 'the home page is under no sidebar prefix');
  });
});
