// Splits a Markdown file into front matter and body, and checks every front-matter field against its schema.
import * as v from 'valibot';
import { isMap, isScalar, isSeq, LineCounter, parse as parseYaml, parseDocument, type Document } from 'yaml';
import type { BuildProblem } from './errors.ts';
import { FEATURE_ICON_NAMES } from '../common/feature-icons.ts';
import { PAGE_TYPES, type Frontmatter } from '../common/types.ts';

export interface ParsedFile {
  frontmatter: Frontmatter;
  body: string;
  /** Lines taken by the front matter block (added to body line numbers). */
  bodyLineOffset: number;
}

/**
 * Aliases (`*name`) the YAML may expand, counted as the yaml package counts them. Nested aliases grow
 * exponentially: a 382-byte "alias bomb" made a 69 MB page. Front matter of docs has little use for aliases.
 */
const MAX_ALIASES = 100;

/**
 * Keys that name an object's prototype rather than data. The yaml package keeps `__proto__:` as a key of its own,
 * and a merge that copies it (Eleventy's data cascade) sets the prototype of every object in the build. They are
 * never read into data (`reviver`) and are an error at their line (`prototypeKeys`).
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const reviver = (key: unknown, value: unknown) => (PROTOTYPE_KEYS.has(String(key)) ? undefined : value);

/**
 * Front matter as Eleventy's data: YAML read with aliases capped and the prototype keys left out. A block that does
 * not parse is empty data here; the page's own check (parseMarkdownFile) reports it with its line.
 */
export function frontMatterData(text: string): unknown {
  try {
    const data = parseYaml(text, reviver, { maxAliasCount: MAX_ALIASES });
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    // A post's `date` is ours (checked by parseMarkdownFile, at its line); Eleventy would read it as the page's date
    // and stop the build on a bad one with an error of its own.
    delete (data as { date?: unknown }).date;
    return data;
  } catch {
    return {};
  }
}

/** The most front matter a page may carry, as JSON: it is embedded in the page's HTML and its data. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

const bool = v.boolean('must be true or false');
const text = v.string('must be a string');
const optionalText = v.optional(text);
const depth = (from: number) => v.pipe(v.number(), v.integer(), v.minValue(from), v.maxValue(6));
/** A mapping with exactly these keys (an unknown key is a typo the page would silently ignore). */
const mapping = <T extends v.ObjectEntries>(entries: T) => v.strictObject(entries, 'must be a mapping');

/** `2026-07-06`: a real calendar day (`2026-02-30` is not). */
const isDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};
/** A GitHub user name: letters, digits and single inner hyphens, at most 39 characters (it becomes a link). */
const githubHandle = v.pipe(
  text,
  v.regex(/^(?=.{1,39}$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'must be a GitHub user name (letters, digits, hyphens)'),
);

/** Elements a page may add to its <head> (any other name, or markup, would make the page fail to render). */
const HEAD_TAGS = ['meta', 'link', 'script', 'style', 'noscript', 'base', 'title'] as const;
const headTag = v.picklist(HEAD_TAGS);
const headAttributes = v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]));

const FIELDS = {
  title: v.pipe(text, v.nonEmpty()),
  titleSuffix: text,
  description: text,
  overview: bool,
  outline: v.union(
    [v.boolean(), v.literal('deep'), depth(2), v.tuple([depth(2), depth(2)])],
    'must be true, false, deep, a heading depth (2–6) or a range [2, 4]',
  ),
  footer: bool,
  sidebar: bool,
  navbar: bool,
  globalUIComponents: bool,
  search: bool,
  pageType: v.picklist(PAGE_TYPES, `must be one of ${PAGE_TYPES.join(', ')}`),
  overviewHeaders: v.array(depth(1), 'must be a list of heading depths, e.g. [2, 3]'),
  head: v.array(
    v.union(
      [v.tuple([headTag, headAttributes]), v.tuple([headTag, headAttributes, v.string()])],
      `must be a [tag, { attributes }] pair or [tag, { attributes }, content], the tag one of ${HEAD_TAGS.join(', ')}`,
    ),
    'must be a list of [tag, { attributes }] pairs',
  ),
  hero: mapping({
    name: optionalText,
    text: optionalText,
    tagline: optionalText,
    actions: v.optional(
      v.array(
        mapping({ text, link: text, theme: v.optional(v.picklist(['brand', 'alt'], 'must be brand or alt')) }),
        'must be a list of { text, link } items',
      ),
    ),
    image: v.optional(mapping({ src: text, alt: text })),
  }),
  // A blog post's day and writers (layouts/parts/PostMeta.tsx shows them under the title).
  date: v.pipe(
    v.unknown(),
    v.check((value) => typeof value === 'string' && isDay(value), 'must be a day written YYYY-MM-DD'),
  ),
  authors: v.array(
    v.union(
      [v.pipe(text, v.nonEmpty()), mapping({ name: v.pipe(text, v.nonEmpty()), github: v.optional(githubHandle) })],
      'must be a name or { name, github }',
    ),
    'must be a list of names or { name, github } items',
  ),
  features: v.array(
    mapping({
      title: text,
      details: text,
      // Icons are drawn from the theme's one icon set, never emoji (they differ per system, or show as boxes).
      icon: v.optional(
        v.picklist(
          FEATURE_ICON_NAMES,
          (issue) => `is "${String(issue.input)}", which is not one of: ${FEATURE_ICON_NAMES.join(', ')}`,
        ),
      ),
      link: optionalText,
    }),
    'must be a list of { title, details } items',
  ),
} satisfies Record<string, v.GenericSchema>;

export const FRONTMATTER_FIELDS = Object.keys(FIELDS);

/** `hero.actions[0].link` for the path of an issue. */
function fieldName(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key)).join('');
}

/** A YAML value as an author names it: "a number", "a list"… */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? `${value}` : typeof value;
}

/** What a schema issue says, in the author's words, the path of the field it is about, and what to write. */
function describeIssue(
  key: string,
  issue: v.BaseIssue<unknown>,
): { path: (string | number)[]; message: string; fix: string } {
  const path = [key, ...(issue.path ?? []).map((item) => item.key as string | number)];
  const fix = key === 'date' ? 'write the day as date: 2026-07-06 (year-month-day)' : `correct the value of ${key}`;
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return {
      path,
      message: `front-matter field "${fieldName(path.slice(0, -1))}" has an unknown key "${String(path.at(-1))}"`,
      fix,
    };
  }
  if (issue.type === 'strict_object' && issue.input === undefined)
    return { path, message: `front-matter field "${fieldName(path)}" is missing`, fix };
  if (issue.expected === 'string' || issue.type === 'non_empty') {
    // A text field left empty (`title:` reads as null) or given a number, a list or a mapping.
    const name = fieldName(path);
    const heading = name === 'title' ? ', or remove the line and start the page with a # Title heading' : '';
    return issue.input === null || issue.input === undefined || issue.input === ''
      ? {
          path,
          message: `front-matter field "${name}" is empty`,
          fix: `write its text after "${String(path.at(-1))}:" (e.g. ${String(path.at(-1))}: Retry a failing test)${heading}`,
        }
      : {
          path,
          message: `front-matter field "${name}" must be text, not ${kindOf(issue.input)}`,
          fix: `put the text in quotes (e.g. ${String(path.at(-1))}: "${typeof issue.input === 'object' ? 'Text' : String(issue.input)}")${heading}`,
        };
  }
  return { path, message: `front-matter field "${fieldName(path)}" ${issue.message}`, fix };
}

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
  const body = source.slice(match[0].length);
  const lineCounter = new LineCounter();
  // Block line (1-based) → file line: the opening `---` is line 1.
  const fileLine = (offset: number) => lineCounter.linePos(offset).line + 1;
  const doc = parseDocument(block, { lineCounter, uniqueKeys: true, prettyErrors: false });
  let data: unknown;
  try {
    if (doc.errors.length) throw doc.errors[0];
    // Copied: the values yaml reads are slices of the file's text, which keep the whole text alive, and the model
    // keeps them until the build ends (every page's source: about 280 MB at content ×100).
    data = structuredClone(doc.toJS({ maxAliasCount: MAX_ALIASES, reviver }) ?? {});
  } catch (error) {
    problems.push(yamlProblem(error as Error, block, file, fileLine));
    return { frontmatter: {}, body, bodyLineOffset };
  }
  if (!isMap(doc.contents)) {
    problems.push({
      file,
      line: 2,
      message: 'front matter must be a mapping of key: value lines',
      fix: 'write e.g. title: My page',
    });
    return { frontmatter: {}, body, bodyLineOffset };
  }
  const frontmatter = data as Frontmatter;
  const lineOf = (path: (string | number)[]) => nodeLine(doc, path, fileLine);
  for (const { path, offset } of prototypeKeys(doc.contents, [])) {
    problems.push({
      file,
      line: fileLine(offset),
      message: `front-matter key "${fieldName(path)}" is not allowed: it names the prototype of an object, not data`,
      fix: `remove the key (${[...PROTOTYPE_KEYS].join(', ')} are never page data)`,
    });
  }
  for (const [key, value] of Object.entries(frontmatter)) {
    // Own keys only: `toString` or `hasOwnProperty` are unknown fields, not the object's inherited members.
    if (!Object.hasOwn(FIELDS, key)) {
      problems.push({
        file,
        line: lineOf([key]),
        message: `unknown front-matter field "${key}"`,
        fix: `use one of: ${FRONTMATTER_FIELDS.join(', ')}`,
      });
      continue;
    }
    const result = v.safeParse(FIELDS[key as keyof typeof FIELDS], value);
    // A value of the wrong shape is reported and not used (a number as the title would reach the search index).
    if (!result.success) delete (frontmatter as Record<string, unknown>)[key];
    for (const issue of result.issues ?? []) {
      const { path, message, fix } = describeIssue(key, issue);
      problems.push({ file, line: lineOf(path), message, fix });
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(frontmatter));
  if (bytes > MAX_FRONTMATTER_BYTES) {
    problems.push({
      file,
      line: 1,
      message: `front matter is ${Math.round(bytes / 1024)} KB as page data; the most a page may carry is ${MAX_FRONTMATTER_BYTES / 1024} KB`,
      fix: "move long text into the page body (every byte of front matter is repeated in the page's HTML)",
    });
  }
  return { frontmatter, body, bodyLineOffset };
}

/** The problem for front matter that is not YAML, or that expands too many aliases. */
function yamlProblem(
  error: Error & { code?: string; pos?: [number, number] },
  block: string,
  file: string,
  fileLine: (offset: number) => number,
): BuildProblem {
  if (error instanceof ReferenceError && /alias/i.test(error.message)) {
    const at = block.search(/(^|[\s,[{])\*[^\s,\]}]/);
    return {
      file,
      line: fileLine(Math.max(at, 0)),
      message: `front matter is not valid YAML: its aliases (*name) expand to more than ${MAX_ALIASES} copies`,
      fix: 'write the values out instead of repeating them through aliases',
    };
  }
  const quoteLine = error.code === 'MISSING_CHAR' && /quote/.test(error.message) ? unclosedQuoteLine(block) : undefined;
  // An unclosed `[` or `{` is found where the next key starts: the line is the bracket's.
  const bracket = /^Flow (sequence|map) in block collection/.exec(error.message)?.[1];
  const at = error.pos?.[0] ?? 0;
  const opened = bracket ? block.lastIndexOf(bracket === 'map' ? '{' : '[', at) : -1;
  return {
    file,
    line: quoteLine !== undefined ? quoteLine + 2 : fileLine(opened >= 0 ? opened : at),
    message: `front matter is not valid YAML: ${error.message.replace(/ at line \d+, column \d+[\s\S]*$/, '')}`,
    fix:
      quoteLine === undefined
        ? 'quote values that contain ":" or "#", and indent nested keys with spaces'
        : "close the quote this value opens (inside \"…\" write \\\" for a quote, inside '…' write '')",
  };
}

/** Where the YAML has a prototype key (PROTOTYPE_KEYS), at any depth: its path and the key's offset. */
function prototypeKeys(node: unknown, path: (string | number)[]): { path: (string | number)[]; offset: number }[] {
  if (isSeq(node)) return node.items.flatMap((item, i) => prototypeKeys(item, [...path, i]));
  if (!isMap(node)) return [];
  return node.items.flatMap((pair) => {
    const key = isScalar(pair.key) ? pair.key : undefined;
    const name = String(key?.value ?? '');
    if (PROTOTYPE_KEYS.has(name)) return [{ path: [...path, name], offset: key?.range?.[0] ?? 0 }];
    return prototypeKeys(pair.value, [...path, name]);
  });
}

/** The file line of the deepest node on `path` that the YAML has (a missing key: its mapping's line). */
function nodeLine(doc: Document, path: (string | number)[], fileLine: (offset: number) => number): number {
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    const parent = length > 1 ? doc.getIn(prefix.slice(0, -1), true) : doc.contents;
    // A mapping key's own line (its value may start on the next one).
    if (isMap(parent)) {
      const pair = parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === prefix.at(-1));
      const range = (pair?.key as { range?: [number, number] } | null)?.range;
      if (range) return fileLine(range[0]);
    }
    const node = doc.getIn(prefix, true) as { range?: [number, number] } | undefined;
    if (node?.range) return fileLine(node.range[0]);
  }
  return 2;
}
