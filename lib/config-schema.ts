// The shape site.config.ts must have, as a valibot schema, and its mistakes as build problems at the line of the
// key in the config file. TypeScript checks the config when it is type-checked; a build runs it unchecked (a .js
// config, `as never`, a value computed at run time), so the build checks it again.
import fs from 'node:fs';
import * as v from 'valibot';
import { lineOf, type BuildProblem } from './errors.ts';

const bool = v.boolean('must be true or false');
const text = v.string('must be a string');
const optional = <T extends v.GenericSchema>(schema: T) => v.optional(schema);
const texts = v.array(text, 'must be a list of strings');
const mapping = <T extends v.ObjectEntries>(entries: T) => v.looseObject(entries, 'must be an object');

const editLink = mapping({ docRepoBaseUrl: text, text: optional(text) });

const locale = mapping({
  lang: text,
  label: text,
  title: optional(text),
  description: optional(text),
  nav: optional(v.array(v.unknown(), 'must be a list')),
  sidebar: optional(v.record(v.string(), v.unknown(), 'must be an object of sidebars by path')),
  editLink: optional(editLink),
});

export const SITE_CONFIG_SCHEMA = mapping({
  title: text,
  description: optional(text),
  icon: optional(text),
  logo: optional(text),
  logoText: optional(text),
  lang: optional(text),
  base: optional(text),
  siteUrl: optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url())], 'must be an absolute URL such as https://example.com, or ""'),
  ),
  contentDir: optional(text),
  cleanUrls: optional(bool),
  search: optional(mapping({ codeBlocks: optional(bool) })),
  markdown: optional(
    mapping({
      showLineNumbers: optional(bool),
      headingIds: optional(v.picklist(['github', 'compact'], 'must be github or compact')),
    }),
  ),
  multiVersion: optional(mapping({ default: text, versions: texts })),
  redirects: optional(text),
  head: optional(v.array(v.array(v.unknown()), 'must be a list of [tag, { attributes }] pairs')),
  og: optional(mapping({ image: optional(text), twitterSite: optional(text) })),
  themeConfig: optional(
    mapping({
      nav: optional(v.array(v.unknown(), 'must be a list')),
      sidebar: optional(v.record(v.string(), v.unknown(), 'must be an object of sidebars by path')),
      editLink: optional(editLink),
      lastUpdated: optional(bool),
      lastUpdatedText: optional(text),
      socialLinks: optional(
        v.array(
          mapping({
            icon: v.unknown(),
            mode: v.picklist(['link', 'text', 'img', 'dom'], 'must be link, text, img or dom'),
            content: text,
          }),
          'must be a list',
        ),
      ),
      darkMode: optional(bool),
      search: optional(bool),
      locales: optional(v.array(locale, 'must be a list of { lang, label } locales')),
      enableAppearanceAnimation: optional(bool),
      outlineTitle: optional(text),
      enableScrollToTop: optional(bool),
      enableContentAnimation: optional(bool),
      fallbackHeadingTitle: optional(bool),
      hideNavbar: optional(v.picklist(['never', 'always', 'auto'], 'must be never, always or auto')),
      localeRedirect: optional(v.picklist(['auto', 'never'], 'must be auto or never')),
      versionLabel: optional(text),
    }),
  ),
});

/** `themeConfig.locales[1].label` for an issue's path. */
const keyName = (path: (string | number)[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key)).join('');

/** Every way `config` departs from the schema, at the line of the key in `configFile`. */
export function siteConfigProblems(config: unknown, configFile: string): BuildProblem[] {
  const result = v.safeParse(SITE_CONFIG_SCHEMA, config);
  if (result.success) return [];
  const source = fs.existsSync(configFile) ? fs.readFileSync(configFile, 'utf8') : '';
  return result.issues.map((issue) => {
    const path = (issue.path ?? []).map((item) => item.key as string | number);
    const missing = issue.type === 'loose_object' && issue.input === undefined;
    return {
      file: configFile,
      line: source ? lineOf(source, offsetOfPath(source, path)) : undefined,
      message: `${keyName(path) || 'the config'} ${missing ? 'is missing' : issue.message}`,
      fix: `correct ${keyName(path) || 'the default export'} in the config (its type is in common/types.ts, SiteConfig)`,
    };
  });
}

/**
 * Where the value at `path` is written in the config's source, near enough for a line number: each key's
 * `key:` after the previous one, each index's item of the list that follows. Stops where the path is not found.
 */
function offsetOfPath(source: string, path: (string | number)[]): number {
  let at = 0;
  for (const key of path) {
    if (typeof key === 'string') {
      const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[$]/g, '\\$')}['"]?\\s*:`, 'g');
      pattern.lastIndex = at;
      const match = pattern.exec(source);
      if (!match) return at;
      at = match.index + match[1].length;
    } else {
      const item = listItem(source, at, key);
      if (item === undefined) return at;
      at = item;
    }
  }
  return at;
}

/** Offset of item `index` of the first list (`[…]`) at or after `from`, skipping strings and nested brackets. */
function listItem(source: string, from: number, index: number): number | undefined {
  const open = source.indexOf('[', from);
  if (open === -1) return undefined;
  let depth = 0;
  let item = -1;
  let expecting = false;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (depth === 1 && expecting && !/[\s,]/.test(c)) {
      item++;
      expecting = false;
      if (item === index) return i;
    }
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if ('[{('.includes(c)) {
      depth++;
      if (depth === 1) expecting = true;
    } else if (']})'.includes(c)) {
      depth--;
      if (depth === 0) return undefined;
    } else if (c === ',' && depth === 1) expecting = true;
  }
  return undefined;
}
