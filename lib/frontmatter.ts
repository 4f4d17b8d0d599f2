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
  outline: isBool,
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

export function parseMarkdownFile(source: string, file: string, problems: BuildProblem[]): ParsedFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return { frontmatter: {}, body: source, bodyLineOffset: 0 };
  const block = match[1];
  const bodyLineOffset = match[0].split('\n').length - 1;
  let data: unknown;
  try {
    data = yaml.load(block) ?? {};
  } catch (error) {
    const e = error as yaml.YAMLException;
    problems.push({
      file,
      line: (e.mark?.line ?? 0) + 2,
      message: `front matter is not valid YAML: ${e.reason ?? e.message}`,
      fix: 'quote values that contain ":" or "#", and indent nested keys with spaces',
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
