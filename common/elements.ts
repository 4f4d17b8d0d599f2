// The public face of every widget element: its attributes (typed specs, see attributes.ts) and the events it
// dispatches with their detail. The widgets read their attributes from here, the layouts' JSX types are derived
// from it (layouts/jsx.d.ts), and so are the elements' typed event listeners (widgets/elements.d.ts).
import { attr } from './attributes.ts';
import type { SearchHit } from './search/hits.ts';
import { parseToolCards } from './tools.ts';

function stringList(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error('expected an array of strings');
  return value;
}

export const docSearchAttributes = {
  /** Index and UI language; default: the page's. */
  lang: attr.string,
  /** The button's text and the dialog's accessible name; default: "Search" in the language. */
  label: attr.string,
  /** The input's placeholder; default: "Search docs" in the language. */
  placeholder: attr.string,
  /** Records file to search (embedding pages); default: the site's index for the language and version. */
  indexUrl: attr.string,
  /** Prebuilt MiniSearch index; default: the file named like the records (`search_engine.…`), if any. */
  engineUrl: attr.string,
};

export const themeToggleAttributes = {
  /** Accessible name and tooltip of the button. */
  label: attr.string,
  /** Circular reveal (View Transitions API) when the theme changes. */
  animate: attr.boolean,
  /** localStorage key; defaults to the site's (`<html data-site>`), else "docs-theme". */
  storageKey: attr.string,
};

export const copyMarkdownAttributes = {
  /** The page's Markdown file (spec §7: the route with .md); without it the widget renders nothing. */
  href: attr.string,
  /** UI language; default: the page's. */
  lang: attr.string,
};

export const pmTabsAttributes = {
  /** Group id: tabs of one group switch together and share the remembered choice. */
  group: attr.string,
  /** Tab labels, e.g. ["npm","yarn","pnpm","bun"]; default: the fallback's labels. */
  labels: attr.json(stringList),
  /** Full localStorage key; default "<framework>.tabs.<group>". */
  storageKey: attr.string,
};

export const toolsMenuAttributes = {
  /** Language of the descriptions; default: Chinese when the path contains "zh", else English. */
  lang: attr.string,
  /** The entries, as JSON tool cards (name, desc, descEn, logo, logoScale, url, urlEn, urlText). */
  items: attr.json(parseToolCards),
  /** Accessible name of the button. */
  label: attr.string,
  /** The popover header's link (the organisation's code repository). */
  href: attr.string,
};

/** Every widget element's attribute specs, by tag. */
export const elementAttributes = {
  'doc-search': docSearchAttributes,
  'theme-toggle': themeToggleAttributes,
  'copy-markdown': copyMarkdownAttributes,
  'pm-tabs': pmTabsAttributes,
  'tools-menu': toolsMenuAttributes,
};

export type WidgetTag = keyof typeof elementAttributes;

export type ThemePreference = 'light' | 'dark' | 'auto';
export type CopyResult = 'copied' | 'prompted';

export interface ThemeChangeDetail {
  theme: 'light' | 'dark';
  preference: ThemePreference;
}

export interface CopyDetail {
  what: 'markdown' | 'link';
  result: CopyResult;
  url: string;
}

export interface TabChangeDetail {
  group: string;
  index: number;
  label: string;
}

/** The CustomEvents each element dispatches (bubbling, composed; `select` is cancelable), by tag: type → detail. */
export interface ElementEvents {
  'doc-search': { select: { hit: SearchHit } };
  'theme-toggle': { 'theme-change': ThemeChangeDetail };
  'copy-markdown': { 'markdown-copy': CopyDetail; 'markdown-copy-error': { url: string; message: string }; 'menu-toggle': { open: boolean } };
  'pm-tabs': { 'tab-change': TabChangeDetail };
  'tools-menu': { 'menu-toggle': { open: boolean } };
}
