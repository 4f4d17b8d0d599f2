// The Rstack tool family (facts sheet §1 and its decisions, doc-ui 1.11.0): one typed list that feeds the
// home page's landing cards (7) and the navbar's tools popover (8, with Awesome Rstack).

/** A tool entry with the tool-card fields of spec §3. `desc` is Chinese, `descEn` English. */
export interface ToolCard {
  name: string;
  desc: string;
  descEn: string;
  /** Image URL (external: the layout reserves its box, so a failed load shifts nothing). */
  logo: string;
  /** Shrinks a logo whose artwork fills its canvas more than the others (1 = as is). */
  logoScale?: number;
  url: string;
  /** The English site when it differs from `url`. */
  urlEn?: string;
  /** Link text: the bare domain. */
  urlText: string;
}

/** A tool's links and short popover descriptions (the card sentences are SENTENCES). */
interface ToolLink extends Omit<ToolCard, 'desc' | 'descEn'> {
  tag: string;
  tagEn: string;
}

const ASSETS = 'https://assets.rspack.rs';

const TOOLS = {
  Rspack: {
    name: 'Rspack',
    tag: '高性能打包工具',
    tagEn: 'Bundler',
    logo: `${ASSETS}/rspack/rspack-logo.svg`,
    url: 'https://rspack.rs',
    urlText: 'rspack.rs',
  },
  Rsbuild: {
    name: 'Rsbuild',
    tag: '开箱即用的构建工具',
    tagEn: 'Build tool',
    logo: `${ASSETS}/rsbuild/rsbuild-logo.svg`,
    url: 'https://rsbuild.rs',
    urlText: 'rsbuild.rs',
  },
  Rslib: {
    name: 'Rslib',
    tag: '库开发工具',
    tagEn: 'Library builder',
    logo: `${ASSETS}/rslib/rslib-logo.svg`,
    url: 'https://rslib.rs',
    urlText: 'rslib.rs',
  },
  Rspress: {
    name: 'Rspress',
    tag: '文档站点生成器',
    tagEn: 'Docs site generator',
    logo: `${ASSETS}/rspress/rspress-logo-480x480.png`,
    url: 'https://rspress.rs',
    urlText: 'rspress.rs',
  },
  Rsdoctor: {
    name: 'Rsdoctor',
    tag: '构建分析工具',
    tagEn: 'Build analyzer',
    logo: `${ASSETS}/rsdoctor/rsdoctor-logo-480x480.png`,
    logoScale: 0.95,
    url: 'https://rsdoctor.rs',
    urlText: 'rsdoctor.rs',
  },
  Rstest: {
    name: 'Rstest',
    tag: '测试框架',
    tagEn: 'Test framework',
    logo: `${ASSETS}/rstest/rstest-logo.svg`,
    logoScale: 0.95,
    url: 'https://rstest.rs/',
    urlText: 'rstest.rs',
  },
  Rslint: {
    name: 'Rslint',
    tag: 'JS/TS 代码检查工具',
    tagEn: 'JS/TS linter',
    logo: `${ASSETS}/rslint/rslint-logo.svg`,
    logoScale: 0.95,
    url: 'https://rslint.rs/',
    urlText: 'rslint.rs',
  },
  'Awesome Rstack': {
    name: 'Awesome Rstack',
    tag: 'Rstack 生态资源精选',
    tagEn: 'Curated ecosystem list',
    logo: `${ASSETS}/others/assets/awesome-rspack.png`,
    url: 'https://github.com/web-infra-dev/awesome-rstack',
    urlText: 'github.com',
  },
} satisfies Record<string, ToolLink>;

type ToolName = keyof typeof TOOLS;

/** The landing cards' sentences (Chinese, English), apart from the links: the tools popover (and so the embed
 * script) carries only the short tags. */
const SENTENCES: Record<ToolName, [string, string]> = {
  Rspack: [
    '用 Rust 编写的高性能 JavaScript 打包工具，API 与 webpack 兼容',
    'A fast JavaScript bundler written in Rust, with a webpack-compatible API',
  ],
  Rsbuild: [
    '基于 Rspack 的构建工具，内置合理的默认配置，开箱即用',
    'A build tool on top of Rspack, ready to use with sensible defaults',
  ],
  Rslib: [
    '基于 Rsbuild 的库开发工具，用于构建 JavaScript 库和 UI 组件库',
    'An Rsbuild-based tool for building JavaScript libraries and UI component packages',
  ],
  Rspress: [
    '基于 Rsbuild 的静态站点生成器，专为搭建文档网站而设计',
    'A static site generator built on Rsbuild, made for documentation sites',
  ],
  Rsdoctor: [
    '一站式构建分析工具，让构建过程清晰可见、便于诊断和优化',
    'An all-in-one build analyzer that makes the build process transparent',
  ],
  Rstest: [
    '为 Rspack 生态提供一流支持的测试框架',
    'A testing framework with first-class support for the Rspack ecosystem',
  ],
  Rslint: [
    '构建于 typescript-go 之上的高速 JavaScript 和 TypeScript 代码检查工具',
    'A fast JavaScript and TypeScript linter built on typescript-go',
  ],
  'Awesome Rstack': ['精选的 Rstack 生态资源列表', 'A curated list of resources from the Rstack ecosystem'],
};

const CARD_ORDER: ToolName[] = ['Rspack', 'Rsbuild', 'Rslib', 'Rspress', 'Rsdoctor', 'Rstest', 'Rslint'];
const MENU_ORDER: ToolName[] = [
  'Rspack',
  'Rsbuild',
  'Rspress',
  'Rslib',
  'Rsdoctor',
  'Rstest',
  'Rslint',
  'Awesome Rstack',
];

const card = (name: ToolName, desc: string, descEn: string): ToolCard => {
  const { tag: _tag, tagEn: _tagEn, ...fields } = TOOLS[name] as ToolLink;
  return { ...fields, desc, descEn };
};

// Pure: a bundle that never reads a list (the embed script never shows the landing cards) leaves it out.
/** The home page's landing cards, in their order. */
export const LANDING_TOOLS: readonly ToolCard[] = /* @__PURE__ */ CARD_ORDER.map((name) =>
  card(name, ...SENTENCES[name]),
);

/** A tool's hook on the home page (`data-tool` of its logo): its name in lower case, words joined by `-`. */
export const toolSlug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The home stylesheet's rules that draw the landing cards' logos (vite.config.ts appends them to
 * styles/home.css): backgrounds, not <img>, so that nothing fetches them before the tool section is drawn
 * (it is `content-visibility: auto`) — a browser that treats lazy images as near (a slow connection, a tall
 * margin) would otherwise load seven images from another origin while the page's own hero image loads.
 */
export function toolLogoRules(tools: readonly ToolCard[] = LANDING_TOOLS): string {
  // The logo's scale here too: no style attribute (a strict CSP holds), and typed attr() is neither in every
  // browser nor valid CSS to the Nu HTML Checker.
  return tools
    .map((tool) => {
      const scale = tool.logoScale === undefined ? '' : `;scale:${tool.logoScale}`;
      return `.tool-logo[data-tool="${toolSlug(tool.name)}"]{background-image:url(${JSON.stringify(tool.logo)})${scale}}`;
    })
    .join('\n');
}

/** The tools popover's entries, with the short descriptions. */
export const MENU_TOOLS: readonly ToolCard[] = /* @__PURE__ */ MENU_ORDER.map((name) =>
  card(name, TOOLS[name].tag, TOOLS[name].tagEn),
);

/** The popover header and the landing section's heading (its sentence: RSTACK_TEXT). */
export const RSTACK = {
  name: 'Rstack',
  logo: `${ASSETS}/web-infra/web-infra-logo.svg`,
  url: 'https://github.com/web-infra-dev',
};

export const RSTACK_TEXT = {
  desc: '以 Rspack 为核心的 JavaScript 工具链，速度快，设计一致',
  descEn: 'A JavaScript toolchain centred on Rspack: fast, and designed as one',
};

/** The entry's text in a language: Chinese uses `desc`, any other language `descEn` (spec §2.10). */
export function toolText(tool: ToolCard, lang: string): { desc: string; url: string } {
  const zh = lang.toLowerCase().startsWith('zh');
  return { desc: zh ? tool.desc : tool.descEn, url: zh ? tool.url : (tool.urlEn ?? tool.url) };
}

/** Checks a JSON `items` attribute of <tools-menu>: an array of tool cards. */
export function parseToolCards(value: unknown): ToolCard[] {
  if (!Array.isArray(value)) throw new Error('expected an array of tools');
  return value.map((item, i) => {
    const entry = item as Partial<ToolCard> | null;
    for (const field of ['name', 'logo', 'url'] as const) {
      if (typeof entry?.[field] !== 'string') throw new Error(`item ${i} needs a string "${field}"`);
    }
    return {
      name: entry!.name!,
      desc: typeof entry!.desc === 'string' ? entry!.desc : (entry!.descEn ?? ''),
      descEn: typeof entry!.descEn === 'string' ? entry!.descEn : (entry!.desc ?? ''),
      logo: entry!.logo!,
      logoScale: typeof entry!.logoScale === 'number' ? entry!.logoScale : undefined,
      url: entry!.url!,
      urlEn: typeof entry!.urlEn === 'string' ? entry!.urlEn : undefined,
      urlText: typeof entry!.urlText === 'string' ? entry!.urlText : new URL(entry!.url!).host,
    };
  });
}
