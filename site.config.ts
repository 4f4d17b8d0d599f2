// The Rstest site: everything the theme needs to know about this particular site.
import { defineSiteConfig } from './lib/config.ts';
import type { LocaleConfig, NavItem, SidebarConfig } from './common/types.ts';

type Lang = 'en' | 'zh';
/** A label in both languages. */
type Both = Record<Lang, string>;

const testOptions = [
  'root',
  'name',
  'include',
  'exclude',
  'setupFiles',
  'globalSetup',
  'projects',
  'update',
  'globals',
  'passWithNoTests',
  'onlyFailures',
  'includeSource',
  'forceRerunTriggers',
  'testNamePattern',
  'extends',
  'env',
  'bail',
  'retry',
  'testTimeout',
  'hookTimeout',
  'maxConcurrency',
  'expect',
  'pool',
  'isolate',
  'testEnvironment',
  'federation',
  'browser',
  'clearMocks',
  'resetMocks',
  'restoreMocks',
  'unstubEnvs',
  'unstubGlobals',
  'coverage',
  'reporters',
  'includeTaskLocation',
  'logHeapUsage',
  'detectAsyncLeaks',
  'hideSkippedTests',
  'hideSkippedTestFiles',
  'slowTestThreshold',
  'snapshotFormat',
  'chaiConfig',
  'resolveSnapshotPath',
  'printConsoleTrace',
  'silent',
  'onConsoleLog',
  'disableConsoleIntercept',
];
const buildOptions = ['plugins', 'source', 'output', 'resolve', 'tools', 'dev', 'performance'];

function nav(lang: Lang): NavItem[] {
  const text = (t: Both) => t[lang];
  return [
    { text: text({ en: 'Guide', zh: '指南' }), link: '/guide/start/', activeMatch: '^/guide/' },
    { text: text({ en: 'Config', zh: '配置' }), link: '/config/', activeMatch: '^/config/' },
    { text: 'API', link: '/api/', activeMatch: '^/api/' },
    { text: text({ en: 'Blog', zh: '博客' }), link: '/blog/', activeMatch: '^/blog/' },
  ];
}

// Sidebar links leave out `text`: the label is the target page's title, so it is written once, in the page.
function sidebar(lang: Lang): SidebarConfig {
  const text = (t: Both) => t[lang];
  return {
    '/guide/': [
      {
        text: text({ en: 'Getting Started', zh: '开始' }),
        items: [
          { link: '/guide/start/' },
          { link: '/guide/start/quick-start' },
          { link: '/guide/start/features' },
          { link: '/guide/start/ai' },
          { link: '/guide/start/agent-install' },
          { link: '/guide/start/agent-migrate' },
        ],
      },
      {
        text: text({ en: 'Basic', zh: '基础' }),
        items: [
          { link: '/guide/basic/cli' },
          { link: '/guide/basic/configure-rstest' },
          { link: '/guide/basic/test-filter' },
          { link: '/guide/basic/mock' },
          { link: '/guide/basic/snapshot' },
          { link: '/guide/basic/projects' },
          { link: '/guide/basic/reporters' },
          { link: '/guide/basic/vscode-extension' },
          { link: '/guide/basic/upgrade-rstest' },
        ],
      },
      {
        text: text({ en: 'Advanced', zh: '进阶' }),
        items: [
          { link: '/guide/advanced/debugging' },
          { link: '/guide/advanced/profiling' },
          { link: '/guide/advanced/ci' },
          { link: '/guide/advanced/metadata' },
          { link: '/guide/advanced/scoped-cleanup' },
          { link: '/guide/advanced/playwright' },
          { link: '/guide/advanced/troubleshooting' },
        ],
      },
      {
        text: text({ en: 'Browser Testing (experimental)', zh: '浏览器测试（实验性）' }),
        items: ['', 'getting-started', 'framework-guides', 'user-interactions'].map((page) => ({
          link: `/guide/browser-testing/${page}`,
        })),
      },
      {
        text: text({ en: 'Framework', zh: '框架' }),
        items: ['react', 'vue', 'more'].map((name) => ({ link: `/guide/framework/${name}` })),
      },
      {
        text: text({ en: 'Integration', zh: '集成' }),
        items: ['adapters', 'rsbuild', 'rslib', 'rspack'].map((name) => ({ link: `/guide/integration/${name}` })),
      },
      {
        text: text({ en: 'Migration', zh: '迁移' }),
        items: ['jest', 'vitest'].map((name) => ({ link: `/guide/migration/${name}` })),
      },
    ],
    '/config/': [
      { text: text({ en: 'Overview', zh: '总览' }), items: [{ link: '/config/' }] },
      {
        text: text({ en: 'Test Configurations', zh: '测试配置' }),
        collapsible: true,
        items: testOptions.map((name) => ({ link: `/config/test/${name}` })),
      },
      {
        text: text({ en: 'Build Configurations', zh: '构建配置' }),
        collapsible: true,
        items: buildOptions.map((name) => ({ link: `/config/build/${name}` })),
      },
    ],
    '/api/': [
      { text: text({ en: 'Overview', zh: '总览' }), items: [{ link: '/api/' }] },
      {
        text: text({ en: 'Test API', zh: '测试 API' }),
        collapsible: true,
        items: ['expect', 'test', 'describe', 'hooks'].map((name) => ({ link: `/api/test-api/${name}` })),
      },
      {
        text: text({ en: 'Rstest Utility', zh: 'Rstest 实用工具' }),
        link: '/api/rstest/',
        collapsible: true,
        items: ['mockModules', 'mockFunctions', 'mockInstance', 'fakeTimers', 'utilities'].map((name) => ({
          link: `/api/rstest/${name}`,
        })),
      },
      {
        text: text({ en: 'Browser Mode', zh: '浏览器模式' }),
        collapsible: true,
        items: ['', 'locator', 'assertion'].map((name) => ({ link: `/api/browser-mode/${name}` })),
      },
      {
        text: text({ en: 'Runtime', zh: '运行时' }),
        items: [{ link: '/api/environment-variables' }],
      },
      {
        text: text({ en: 'JavaScript API', zh: 'JavaScript API' }),
        items: ['rstest-core', 'reporter', 'types'].map((name) => ({ link: `/api/javascript-api/${name}` })),
      },
    ],
  };
}

const editLinkBase = 'https://github.com/web-infra-dev/rstest/tree/main/website/docs';

const locales: LocaleConfig[] = [
  {
    lang: 'en',
    label: 'English',
    description: 'The Rspack-based testing framework',
    nav: nav('en'),
    sidebar: sidebar('en'),
    editLink: { docRepoBaseUrl: editLinkBase, text: 'Edit this page on GitHub' },
  },
  {
    lang: 'zh',
    label: '简体中文',
    description: '由 Rspack 驱动的测试框架',
    nav: nav('zh'),
    sidebar: sidebar('zh'),
    editLink: { docRepoBaseUrl: editLinkBase, text: '在 GitHub 上编辑此页' },
    outlineTitle: '目录',
    prevPageText: '上一页',
    nextPageText: '下一页',
  },
];

export default defineSiteConfig({
  title: 'Rstest',
  description: 'The Rspack-based testing framework',
  icon: '/favicon.svg',
  logo: '/rstest-logo.svg',
  logoText: 'Rstest',
  lang: 'en',
  base: '/',
  siteUrl: 'https://rstest.rs',
  contentDir: 'content',
  cleanUrls: true,
  redirects: 'content/redirects.json',
  search: { codeBlocks: true },
  markdown: { showLineNumbers: false },
  og: { image: 'https://assets.rspack.rs/rstest/rstest-og-image.png', twitterSite: '@rspack_dev' },
  themeConfig: {
    locales,
    lastUpdated: true,
    darkMode: true,
    search: true,
    enableScrollToTop: true,
    enableAppearanceAnimation: true,
    hideNavbar: 'auto',
    localeRedirect: 'auto',
    versionLabel: 'v0.12',
    socialLinks: [
      { icon: 'github', mode: 'link', content: 'https://github.com/web-infra-dev/rstest', label: 'GitHub' },
      { icon: 'x', mode: 'link', content: 'https://twitter.com/rspack_dev', label: 'X (Twitter)' },
      { icon: 'discord', mode: 'link', content: 'https://discord.gg/XsaKEEk4mW', label: 'Discord' },
    ],
  },
});
