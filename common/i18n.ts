// The theme's built-in UI texts: English defaults (spec §9) and a Chinese pack; locales override either.
// The widgets' texts are a pack of their own, so that a bundle of widgets (the embed script) carries only those.
import type { UiTexts } from './types.ts';

/** The texts the widgets speak (their buttons, menus and the search modal). */
export type WidgetTexts = Pick<
  UiTexts,
  | 'searchText'
  | 'searchPlaceholderText'
  | 'searchNoResultsText'
  | 'searchSuggestionText'
  | 'searchCancelText'
  | 'searchUnavailableText'
  | 'searchRetryText'
  | 'searchSelectText'
  | 'searchNavigateText'
  | 'searchCloseText'
  | 'toggleThemeText'
  | 'copiedText'
  | 'copyMarkdownText'
  | 'copyMarkdownLinkText'
  | 'openText'
  | 'openInChatGPTText'
  | 'openInClaudeText'
  | 'toolsMenuText'
>;

const EN_WIDGET_TEXTS: WidgetTexts = {
  searchText: 'Search',
  searchPlaceholderText: 'Search docs',
  searchNoResultsText: 'No results for',
  searchSuggestionText: 'Please try again with a different keyword',
  searchCancelText: 'Cancel',
  searchUnavailableText: 'Search is unavailable: the index could not be loaded.',
  searchRetryText: 'Retry',
  searchSelectText: 'to select',
  searchNavigateText: 'to navigate',
  searchCloseText: 'to close',
  toggleThemeText: 'Switch between dark and light theme',
  copiedText: 'Copied',
  copyMarkdownText: 'Copy Markdown',
  copyMarkdownLinkText: 'Copy Markdown link',
  openText: 'Open',
  openInChatGPTText: 'Open in ChatGPT',
  openInClaudeText: 'Open in Claude',
  toolsMenuText: 'Rstack tools',
};

export const EN_TEXTS: UiTexts = {
  ...EN_WIDGET_TEXTS,
  lastUpdatedText: 'Last Updated',
  prevPageText: 'Previous Page',
  nextPageText: 'Next Page',
  outlineTitle: 'ON THIS PAGE',
  filterText: 'Filter',
  filterPlaceholderText: 'Enter keyword',
  overviewTitle: 'Overview',
  overviewNoMatchText: 'No matching API found',
  overviewOthersText: 'Others',
  notFoundTitle: 'PAGE NOT FOUND',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  takeMeHomeText: 'Take me home',
  skipToContentText: 'Skip to content',
  menuText: 'Menu',
  sidebarMenuText: 'Menu',
  mainNavText: 'Main',
  sectionsNavText: 'Sections',
  featuresText: 'Features',
  closeText: 'Close',
  languageText: 'Language',
  versionText: 'Version',
  appearanceText: 'Appearance',
  versionLabelTitle: 'Version these docs describe',
  scrollToTopText: 'Back to top',
  copyCodeText: 'Copy code',
  toggleWrapText: 'Toggle code wrap',
  socialMoreText: 'More links',
  tipTitle: 'Tip',
  infoTitle: 'Info',
  warningTitle: 'Warning',
  dangerTitle: 'Danger',
  noteTitle: 'Note',
  importantTitle: 'Important',
  cautionTitle: 'Caution',
  detailsTitle: 'Details',
  permalinkText: 'Permalink to',
  editLinkText: 'Edit this page',
};

const ZH_WIDGET_TEXTS: WidgetTexts = {
  searchText: '搜索',
  searchPlaceholderText: '搜索文档',
  searchNoResultsText: '没有找到相关结果：',
  searchSuggestionText: '换个关键词再试试',
  searchCancelText: '取消',
  searchUnavailableText: '搜索暂不可用：无法加载搜索索引。',
  searchRetryText: '重试',
  searchSelectText: '选择',
  searchNavigateText: '切换',
  searchCloseText: '关闭',
  toggleThemeText: '切换深色与浅色主题',
  copiedText: '已复制',
  copyMarkdownText: '复制 Markdown',
  copyMarkdownLinkText: '复制 Markdown 链接',
  openText: '打开',
  openInChatGPTText: '在 ChatGPT 中打开',
  openInClaudeText: '在 Claude 中打开',
  toolsMenuText: 'Rstack 工具',
};

export const ZH_TEXTS: UiTexts = {
  ...ZH_WIDGET_TEXTS,
  lastUpdatedText: '最后更新于',
  prevPageText: '上一页',
  nextPageText: '下一页',
  outlineTitle: '目录',
  filterText: '筛选',
  filterPlaceholderText: '输入关键词',
  overviewTitle: '总览',
  overviewNoMatchText: '没有匹配的 API：',
  overviewOthersText: '其他',
  notFoundTitle: '页面未找到',
  notFoundText: '你要找的页面不存在，或已被移动。',
  takeMeHomeText: '返回首页',
  skipToContentText: '跳到正文',
  menuText: '菜单',
  sidebarMenuText: '菜单',
  mainNavText: '主导航',
  sectionsNavText: '栏目',
  featuresText: '特性',
  closeText: '关闭',
  languageText: '语言',
  versionText: '版本',
  appearanceText: '外观',
  versionLabelTitle: '本文档对应的版本',
  scrollToTopText: '回到顶部',
  copyCodeText: '复制代码',
  toggleWrapText: '切换自动换行',
  socialMoreText: '更多链接',
  tipTitle: '提示',
  infoTitle: '信息',
  warningTitle: '注意',
  dangerTitle: '警告',
  noteTitle: '说明',
  importantTitle: '重要',
  cautionTitle: '小心',
  detailsTitle: '详细信息',
  permalinkText: '链接到',
  editLinkText: '编辑此页',
};

/** A language's own pack when the theme has one (`zh-CN` → `zh`), else English. */
function pick<T>(packs: Record<string, T>, lang: string): T {
  return packs[lang] ?? packs[lang.split('-')[0]] ?? packs.en;
}

/** Built-in texts for a language: its own pack when the theme has one, else English. */
export function builtInTexts(lang: string): UiTexts {
  return pick({ en: EN_TEXTS, zh: ZH_TEXTS }, lang);
}

/** The widgets' built-in texts for a language. */
export function builtInWidgetTexts(lang: string): WidgetTexts {
  return pick({ en: EN_WIDGET_TEXTS, zh: ZH_WIDGET_TEXTS }, lang);
}
