// What one Markdown render carries in and collects on the way out (markdown-it's `env`).
import type { Env } from 'markdown-it';
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

export interface MarkdownEnv extends Env {
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
  /** Counter for unique form names (tabs). */
  uid: number;
}

export type { MarkdownIt } from 'markdown-it';
