// Splits a Markdown file into front matter and body, and checks every front-matter field's type.
import yaml from 'js-yaml';
import type { BuildProblem } from './errors.ts';
import { FEATURE_ICON_NAMES, isFeatureIconName } from '../common/feature-icons.ts';
import { PAGE_TYPES, type Frontmatter } from '../common/types.ts';

export interface ParsedFile {
  frontmatter: Frontmatter;
  body: string;
  /** Lines taken by the front matter block (added to body line numbers). */
  bodyLineOffset: number;
}

type Check = (value: unknown) => string | null;
const isBool: Check = (v) => (typeof v === 'boolean' ? null : 'must be true or false');
const isString: Check = (v) => (typeof v === 'string' ? null : 'must be a string');
const isObject: Check = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? null : 'must be a mapping');

const FIELDS: Record<string, Check> = {
  title: isString,
  titleSuffix: isString,
  description: isString,
  overview: isBool,
  outline: (v) =>
    typeof v === 'boolean' || v === 'deep' || (Number.isInteger(v) && (v as number) >= 2 && (v as number) <= 6) ||
    (Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 2 && n <= 6))
      ? null
      : 'must be true, false, deep, a heading depth (2–6) or a range [2, 4]',
  footer: isBool,
  sidebar: isBool,
  navbar: isBool,
  globalUIComponents: isBool,
  search: isBool,
  pageType: (v) => (PAGE_TYPES.includes(v as never) ? null : `must be one of ${PAGE_TYPES.join(', ')}`),
  overviewHeaders: (v) =>
    Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 1 && n <= 6) ? null : 'must be a list of heading depths, e.g. [2, 3]',
  head: (v) =>
    Array.isArray(v) && v.every((t) => Array.isArray(t) && typeof t[0] === 'string' && isObject(t[1]) === null)
      ? null
      : 'must be a list of [tag, { attributes }] pairs',
  hero: isObject,
  features: (v) => {
    if (!Array.isArray(v) || !v.every((f) => f && typeof f.title === 'string' && typeof f.details === 'string')) return 'must be a list of { title, details } items';
    // Icons are drawn from the theme's one icon set, never emoji (they differ per system, or show as boxes).
    const unknown = v.find((f) => f.icon !== undefined && !isFeatureIconName(f.icon));
    return unknown ? `has icon "${String(unknown.icon)}", which is not one of: ${FEATURE_ICON_NAMES.join(', ')}` : null;
  },
};

export const FRONTMATTER_FIELDS = Object.keys(FIELDS);

/**
 * The line (0-based, in the block) where a quoted scalar that never ends begins. js-yaml reports the end of the
 * block for it, where nothing is wrong; the author needs the line with the lone quote.
 */
export function unclosedQuoteLine(block: string): number | undefined {
  let quote: string | undefined;
  let openedAt = 0;
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < block.length; i++) {
    const c = block[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
    } else if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = undefined;
    } else if (quote === "'") {
      if (c === "'" && block[i + 1] === "'") i++;
      else if (c === "'") quote = undefined;
    } else if (c === '#' && /(^|\s)$/.test(block.slice(lineStart, i))) {
      // A comment, to the end of the line.
      const end = block.indexOf('\n', i);
      i = (end === -1 ? block.length : end) - 1;
    } else if ((c === '"' || c === "'") && /^(?:\s*|.*:\s+|\s*-\s+|.*[[{,]\s*)$/.test(block.slice(lineStart, i))) {
      // A quote where a value starts (not an apostrophe inside a plain value).
      quote = c;
      openedAt = line;
    }
  }
  return quote ? openedAt : undefined;
}

export function parseMarkdownFile(text: string, file: string, problems: BuildProblem[]): ParsedFile {
  // A UTF-8 byte order mark (some Windows editors write one) would hide the front matter: the file is read without it.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return { frontmatter: {}, body: source, bodyLineOffset: 0 };
  const block = match[1];
  const bodyLineOffset = match[0].split('\n').length - 1;
  let data: unknown;
  try {
    data = yaml.load(block) ?? {};
  } catch (error) {
    const e = error as yaml.YAMLException;
    const quoteLine = /within a (?:double|single) quoted scalar/.test(e.reason ?? '') ? unclosedQuoteLine(block) : undefined;
    problems.push({
      file,
      line: (quoteLine ?? e.mark?.line ?? 0) + 2,
      message: `front matter is not valid YAML: ${e.reason ?? e.message}`,
      fix:
        quoteLine === undefined
          ? 'quote values that contain ":" or "#", and indent nested keys with spaces'
          : 'close the quote this value opens (inside "…" write \\" for a quote, inside \'…\' write \'\')',
    });
    return { frontmatter: {}, body: source.slice(match[0].length), bodyLineOffset };
  }
  if (isObject(data) !== null) {
    problems.push({ file, line: 2, message: 'front matter must be a mapping of key: value lines', fix: 'write e.g. title: My page' });
    data = {};
  }
  const frontmatter = data as Frontmatter;
  const lineOfKey = (key: string) => {
    const index = block.split('\n').findIndex((l) => l.startsWith(`${key}:`));
    return index === -1 ? 2 : index + 2;
  };
  for (const [key, value] of Object.entries(frontmatter)) {
    const check = FIELDS[key];
    if (!check) {
      problems.push({
        file,
        line: lineOfKey(key),
        message: `unknown front-matter field "${key}"`,
        fix: `use one of: ${FRONTMATTER_FIELDS.join(', ')}`,
      });
      continue;
    }
    const wrong = check(value);
    if (wrong) problems.push({ file, line: lineOfKey(key), message: `front-matter field "${key}" ${wrong}`, fix: `correct the value of ${key}` });
  }
  return { frontmatter, body: source.slice(match[0].length), bodyLineOffset };
}
