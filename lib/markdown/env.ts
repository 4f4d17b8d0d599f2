// What one Markdown render carries in and collects on the way out (markdown-it's `env`).
import type { UiTexts, TocEntry } from '../../common/types.ts';
import type { BuildProblem } from '../errors.ts';

export interface LinkRef {
  /** Link target as written. */
  href: string;
  /**
   * Route without base it points to (locale applied), or '' for a same-page anchor; for a static file (every
   * image, and links to files such as `/logo.svg`) its path in content/public.
   */
  route: string;
  hash: string;
  line: number;
  /** A Markdown or HTML link, or an image (`![…](…)`, `<img src>`). */
  kind: 'link' | 'image';
}

export interface MarkdownEnv {
  /** Source file (absolute), for error messages. */
  file: string;
  /** Lines before the Markdown body (front matter), added to token line numbers. */
  lineOffset: number;
  lang: string;
  version: string;
  texts: UiTexts;
  /** Prefixes a locale-neutral route with version and language and base. */
  localize: (route: string) => string;
  /** Turns a localized route into an href (base, clean URLs). */
  href: (route: string) => string;
  /** Turns the path of a static file (content/public) into its href: the base only. */
  fileHref: (path: string) => string;
  showLineNumbers: boolean;
  // Collected:
  toc: TocEntry[];
  ids: string[];
  links: LinkRef[];
  /** Plain text of code blocks, for the search index. */
  codeTexts: string[];
  problems: BuildProblem[];
  headingTitle?: string;
  /** Things worth a look that do not stop the build (an MDX component left out, an import removed). */
  warnings?: BuildProblem[];
  /** The page is MDX (`.mdx`): indented code blocks are off, JSX children may be indented. */
  mdx?: boolean;
  /** Headings of depth 2–6 (the toc has 2–4), for `outline: deep` and `[[toc]]`. */
  fullToc?: TocEntry[];
  /** The site's base path (`/` or `/docs/`), for files the build copies beside the pages. */
  base?: string;
  /** The content folder: images a page uses must be inside it, real paths (its own folder when not given). */
  contentRoot?: string;
  /** Files next to the page that the build copies into the site (co-located images): source → output path. */
  files?: Map<string, string>;
  /** Counter for unique form names (tabs). */
  uid: number;
}

export type { MarkdownIt } from 'markdown-it';
