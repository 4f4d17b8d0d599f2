// Reads the docs' Markdown pages for the content tests: front matter, body and fenced code blocks with file lines.
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { parseMarkdownFile } from '../../lib/frontmatter.ts';
import type { BuildProblem } from '../../lib/errors.ts';
import type { Frontmatter } from '../../common/types.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONTENT = path.join(ROOT, 'content');
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export interface Page {
  lang: Lang;
  /** Path inside content/<lang>/, with forward slashes, e.g. `config/test/retry.md`. */
  rel: string;
  /** Repository-relative path, for failure messages, e.g. `content/en/config/test/retry.md`. */
  file: string;
  source: string;
  frontmatter: Frontmatter;
  /** Problems the site's own front-matter parser reported (invalid YAML, unknown fields). */
  frontmatterProblems: BuildProblem[];
  body: string;
  bodyLineOffset: number;
}

export interface Fence {
  /** The first word of the info string (`ts`, `bash`, …). */
  lang: string;
  info: string;
  content: string;
  /** 1-based line of the opening fence in the file. */
  line: number;
  /** `file:line`, for failure messages. */
  where: string;
}

/** Every `.md` file of one language, as paths inside content/<lang>/, sorted. */
export function listPages(lang: Lang): string[] {
  const dir = path.join(CONTENT, lang);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

export function pageExists(lang: Lang, rel: string): boolean {
  return fs.existsSync(path.join(CONTENT, lang, rel));
}

export function readPage(lang: Lang, rel: string): Page {
  return pageFromSource(lang, rel, fs.readFileSync(path.join(CONTENT, lang, rel), 'utf8'));
}

/** A page from Markdown text, as if it were `content/<lang>/<rel>` (for tests of the content checks). */
export function pageFromSource(lang: Lang, rel: string, source: string): Page {
  const file = `content/${lang}/${rel}`;
  const frontmatterProblems: BuildProblem[] = [];
  const { frontmatter, body, bodyLineOffset } = parseMarkdownFile(source, file, frontmatterProblems);
  return { lang, rel, file, source, frontmatter, frontmatterProblems, body, bodyLineOffset };
}

export function allPages(): Page[] {
  return LANGS.flatMap((lang) => listPages(lang).map((rel) => readPage(lang, rel)));
}

// Plain markdown-it finds fences exactly as the site's renderer does (fences inside `:::` containers and list
// items included); the site's plugins only change how they are rendered.
const md = new MarkdownIt({ html: true });

export function fences(page: Page): Fence[] {
  return md
    .parse(page.body, {})
    .filter((t) => t.type === 'fence' && t.map)
    .map((t) => {
      const line = page.bodyLineOffset + t.map![0] + 1;
      return {
        lang: t.info.trim().split(/\s+/)[0] ?? '',
        info: t.info.trim(),
        content: t.content,
        line,
        where: `${page.file}:${line}`,
      };
    });
}
