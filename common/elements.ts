// The public face of every widget element: its attributes (typed specs, see attributes.ts) and the events it
// dispatches with their detail. The widgets read their attributes from here, the layouts' JSX types are derived
// from it (layouts/jsx.d.ts), and so are the elements' typed event listeners (widgets/elements.d.ts).
import { attr } from './attributes.ts';
import type { SearchHit } from './search/hits.ts';
import { parseToolCards } from './tools.ts';

function stringList(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw new Error('expected an array of strings');
  return value;
}

/**
 * What every element takes, on the docs site and embedded elsewhere (README "Embed the widgets").
 * `docsBase`: the docs site's address (`https://docs.example.com/`, or with its base path); relative URLs the
 * widget reads or produces resolve against it. Default: on the docs site none (URLs stay as the page has them);
 * embedded, the folder above the embed script (`…/assets/embed.js` → `…/`).
 * `theme`: the widget's colour scheme, `light`, `dark` or `auto` (default: follow the page, see
 * widgets/platform/widget-theme.ts).
 */
export const commonAttributes = {
  docsBase: attr.string,
  theme: attr.string,
};

export const docSearchAttributes = {
  ...commonAttributes,
  /** Index and UI language; default: the page's. */
  lang: attr.string,
  /** The button's text and the dialog's accessible name; default: "Search" in the language. */
  label: attr.string,
  /** The input's placeholder; default: "Search docs" in the language. */
  placeholder: attr.string,
  /**
   * The index to search: its entry file (`…/static/search/{lang}.{hash}/index.json`); default: on the docs site
   * its index for the language and version, embedded the index that the docs site's
   * `static/search-manifest.json` names for the language.
   */
  indexUrl: attr.string,
};

export const themeToggleAttributes = {
  ...commonAttributes,
  /** Accessible name and tooltip of the button. */
  label: attr.string,
  /** Circular reveal (View Transitions API) when the theme changes. */
  animate: attr.boolean,
  /** localStorage key; defaults to the site's (`<html data-site>`), else "docs-theme". */
  storageKey: attr.string,
  /**
   * Switch the whole page (class `dark` and colour scheme on <html>, its background), as on the docs site,
   * where this is the default. Embedded, the default is false: the toggle switches the widgets only.
   */
  pageTheme: attr.boolean,
};

export const copyMarkdownAttributes = {
  ...commonAttributes,
  /** The page's Markdown file (spec §7: the route with .md); without it the widget renders nothing. */
  href: attr.string,
  /** UI language; default: the page's. */
  lang: attr.string,
};

export const pmTabsAttributes = {
  ...commonAttributes,
  /** Group id: tabs of one group switch together and share the remembered choice. */
  group: attr.string,
  /** Tab labels, e.g. ["npm","yarn","pnpm","bun"]; default: the fallback's labels. */
  labels: attr.json(stringList),
  /** Full localStorage key; default "<framework>.tabs.<group>". */
  storageKey: attr.string,
};

export const toolsMenuAttributes = {
  ...commonAttributes,
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
  'copy-markdown': {
    'markdown-copy': CopyDetail;
    'markdown-copy-error': { url: string; message: string };
    'menu-toggle': { open: boolean };
  };
  'pm-tabs': { 'tab-change': TabChangeDetail };
  'tools-menu': { 'menu-toggle': { open: boolean } };
}
