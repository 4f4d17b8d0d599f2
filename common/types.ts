// Types shared by the build (lib/, layouts/) and the browser (widgets/): the site config and page data.
import type { FeatureIconName } from './feature-icons.ts';

export type PageType = 'home' | 'doc' | '404' | 'custom' | 'blank';
export const PAGE_TYPES: readonly PageType[] = ['home', 'doc', '404', 'custom', 'blank'];

/** Every UI string the theme shows. English defaults live in lib/i18n.ts; locales override any of them. */
export interface UiTexts {
  lastUpdatedText: string;
  prevPageText: string;
  nextPageText: string;
  outlineTitle: string;
  searchText: string;
  searchPlaceholderText: string;
  searchNoResultsText: string;
  searchSuggestionText: string;
  searchCancelText: string;
  /** Shown in the search modal when the index could not be loaded (never "no results"). */
  searchUnavailableText: string;
  searchRetryText: string;
  /** The search modal's key hints: "to select" (Enter), "to navigate" (arrows), "to close" (Esc). */
  searchSelectText: string;
  searchNavigateText: string;
  searchCloseText: string;
  filterText: string;
  filterPlaceholderText: string;
  overviewTitle: string;
  overviewNoMatchText: string;
  overviewOthersText: string;
  notFoundTitle: string;
  notFoundText: string;
  takeMeHomeText: string;
  skipToContentText: string;
  menuText: string;
  sidebarMenuText: string;
  /** Name of the navbar's navigation landmark (of the left one, when items sit on both sides). */
  mainNavText: string;
  /** Name of the navbar's right-hand navigation when items sit on both sides. */
  sectionsNavText: string;
  /** Name of the home page's feature list. */
  featuresText: string;
  closeText: string;
  languageText: string;
  versionText: string;
  appearanceText: string;
  toggleThemeText: string;
  /** Tooltip of the navbar's version label. */
  versionLabelTitle: string;
  scrollToTopText: string;
  copyCodeText: string;
  copiedText: string;
  toggleWrapText: string;
  copyMarkdownText: string;
  copyMarkdownLinkText: string;
  openText: string;
  openInChatGPTText: string;
  openInClaudeText: string;
  toolsMenuText: string;
  socialMoreText: string;
  tipTitle: string;
  infoTitle: string;
  warningTitle: string;
  dangerTitle: string;
  noteTitle: string;
  importantTitle: string;
  cautionTitle: string;
  detailsTitle: string;
  permalinkText: string;
  editLinkText: string;
}

export interface NavItem {
  text: string;
  link?: string;
  /** A regular expression (as a string) the path must match for the item to be active. */
  activeMatch?: string;
  position?: 'left' | 'right';
  tag?: string;
  items?: NavItem[];
}

export interface SidebarLink {
  /** Label; defaults to the target page's title. */
  text?: string;
  link: string;
  tag?: string;
  /** Shown for the link on overview pages: which heading depths to list. */
  overviewHeaders?: number[];
  context?: string;
}

export interface SidebarGroup {
  text: string;
  /** A group can itself be a page (its heading links there). */
  link?: string;
  items: SidebarItem[];
  collapsible?: boolean;
  collapsed?: boolean;
  tag?: string;
  overviewHeaders?: number[];
  context?: string;
}

export interface SidebarDivider {
  dividerType: 'solid' | 'dashed';
}

export interface SidebarSectionHeader {
  sectionHeaderText: string;
  tag?: string;
}

export type SidebarItem = SidebarLink | SidebarGroup | SidebarDivider | SidebarSectionHeader;

/** Sidebars keyed by path prefix, e.g. `{ '/guide/': [...] }`. Prefixes and links are locale-neutral. */
export type SidebarConfig = Record<string, SidebarItem[]>;

export interface EditLink {
  /** The page's source path (`en/guide/start/index.md`) is appended. */
  docRepoBaseUrl: string;
  text?: string;
}

export type SocialIcon = 'github' | 'x' | 'discord' | { svg: string };

export interface SocialLink {
  icon: SocialIcon;
  /** link: an icon linking to content (a URL); text: the icon shows content as a tooltip;
   *  img: the icon shows content (an image URL) on hover; dom: content is raw HTML shown on hover. */
  mode: 'link' | 'text' | 'img' | 'dom';
  content: string;
  /** Accessible name; defaults to the icon name. */
  label?: string;
}

export interface LocaleConfig extends Partial<UiTexts> {
  lang: string;
  label: string;
  title?: string;
  description?: string;
  nav?: NavItem[];
  sidebar?: SidebarConfig;
  editLink?: EditLink;
}

export interface SearchConfig {
  /** Index the text of code blocks too. */
  codeBlocks: boolean;
}

export interface ThemeConfig {
  nav?: NavItem[];
  sidebar?: SidebarConfig;
  editLink?: EditLink;
  lastUpdated?: boolean;
  lastUpdatedText?: string;
  socialLinks?: SocialLink[];
  /** false: always light, no toggle. */
  darkMode?: boolean;
  search?: boolean;
  locales?: LocaleConfig[];
  enableAppearanceAnimation?: boolean;
  outlineTitle?: string;
  enableScrollToTop?: boolean;
  enableContentAnimation?: boolean;
  /** false: a page without heading gets no H1 from its title. */
  fallbackHeadingTitle?: boolean;
  hideNavbar?: 'never' | 'always' | 'auto';
  localeRedirect?: 'auto' | 'never';
  /** Shown as text in the navbar's version slot when the site has one version (e.g. `v0.12`). */
  versionLabel?: string;
}

export interface MultiVersion {
  default: string;
  versions: string[];
}

export interface SiteConfig {
  title: string;
  description: string;
  /** Favicon URL. */
  icon: string;
  logo: string;
  logoText: string;
  /** Default language: its pages have no prefix. */
  lang: string;
  /** Public path prefix, with leading and trailing slash. */
  base: string;
  /** Absolute site URL (no trailing slash), for canonical links and the sitemap. */
  siteUrl: string;
  /** Folder of the content, relative to the config file. */
  contentDir: string;
  cleanUrls: boolean;
  search: SearchConfig;
  markdown: {
    showLineNumbers: boolean;
    /**
     * How heading ids are made from their text: `github` (github-slugger, the rule of GitHub, Rspress and
     * VitePress: `## A / B` → `#a--b`) or `compact` (runs of dashes collapsed, leading/trailing ones dropped:
     * `#a-b`, this site's rule before). Explicit `{#id}`s are kept either way. Default `github`.
     */
    headingIds: 'github' | 'compact';
  };
  multiVersion?: MultiVersion;
  /**
   * A JSON file (path relative to the config file) mapping old or foreign URLs to pages of this site:
   * `{ "/config/test/test-timeout": "/config/test/testTimeout" }`, locale-neutral on both sides. Each entry
   * becomes a static redirect page in every language; a target that is not a page fails the build.
   */
  redirects?: string;
  head?: HeadTag[];
  og?: { image?: string; twitterSite?: string };
  themeConfig: ThemeConfig;
}

export type HeadTag = [string, Record<string, string>] | [string, Record<string, string>, string];

/** Input form of the config: everything but the title is optional. */
export type UserSiteConfig = Partial<Omit<SiteConfig, 'themeConfig' | 'search' | 'markdown'>> & {
  title: string;
  themeConfig?: ThemeConfig;
  search?: Partial<SearchConfig>;
  markdown?: Partial<SiteConfig['markdown']>;
};

export interface TocEntry {
  text: string;
  id: string;
  depth: number;
  /** Offset of the heading in the Markdown source. */
  charIndex: number;
}

export interface HeroAction {
  text: string;
  link: string;
  theme?: 'brand' | 'alt';
}

export interface Frontmatter {
  title?: string;
  titleSuffix?: string;
  description?: string;
  overview?: boolean;
  overviewHeaders?: number[];
  /**
   * false hides the outline; `deep` lists headings 2–6, a number that depth only, `[from, to]` a range. Default:
   * depths 2–4.
   */
  outline?: boolean | 'deep' | number | [number, number];
  footer?: boolean;
  sidebar?: boolean;
  navbar?: boolean;
  head?: HeadTag[];
  pageType?: PageType;
  globalUIComponents?: boolean;
  search?: boolean;
  hero?: {
    name?: string;
    text?: string;
    tagline?: string;
    actions?: HeroAction[];
    image?: { src: string; alt: string };
  };
  /** A blog post's day, `YYYY-MM-DD`. */
  date?: string;
  /** A blog post's writers: names, or a name with a GitHub user name (linked). */
  authors?: (string | { name: string; github?: string })[];
  /** `icon`: a name from common/feature-icons.ts (checked by the build). */
  features?: { title: string; details: string; icon?: FeatureIconName; link?: string }[];
  [key: string]: unknown;
}

/** What the browser gets for a page (embedded as JSON). */
export interface PageData {
  /** Source path relative to the project, e.g. `content/en/guide/start/index.md`. */
  pagePath: string;
  /** Source path relative to the language folder, e.g. `guide/start/index.md`. */
  relativePath: string;
  /** Route with base, e.g. `/zh/guide/start/quick-start`. */
  routePath: string;
  pageType: PageType;
  title: string;
  headingTitle: string;
  frontmatter: Frontmatter;
  toc: TocEntry[];
  lang: string;
  version: string;
  lastUpdatedTime: number;
}

/** The slice of site data the browser needs (embedded as JSON once per page). */
export interface ClientSiteData {
  base: string;
  lang: string;
  title: string;
  locales: { lang: string; label: string; prefix: string }[];
  version: string;
  versions: string[];
  defaultVersion: string;
  cleanUrls: boolean;
  searchIndex: Record<string, string>;
  localeRedirect: 'auto' | 'never';
  hideNavbar: 'never' | 'always' | 'auto';
  enableAppearanceAnimation: boolean;
  /** Page changes cross-fade the content column (a view transition). */
  enableContentAnimation: boolean;
  darkMode: boolean;
  storageKey: string;
  /** Prefix of the keys that remember tab choices, `<framework>.tabs` (a group id follows: `rstest.tabs.pm`). */
  tabsStorageKey: string;
}
