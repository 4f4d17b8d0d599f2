// Each /config/test/<name> page, in English and Chinese, states the type, default and CLI flag that the fact
// table (test/content/config-facts.json, written from the facts sheet) gives for that option.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import facts from '../content/config-facts.json' with { type: 'json' };
import { LANGS, pageExists, readPage, type Lang, type Page } from '../content/pages.ts';

interface OptionFacts {
  type: string[];
  default: string[];
  /** The sheet's flag form(s), or null when the option has no CLI flag. */
  cli: string[] | null;
}

const OPTIONS = Object.entries(facts.test as Record<string, OptionFacts>);
const BUILD_PAGES = facts.build;

/** The bold labels of the fact block, per language. */
const LABELS: Record<Lang, Record<'type' | 'default' | 'cli', string>> = {
  en: { type: 'Type:', default: 'Default:', cli: 'CLI:' },
  zh: { type: '类型：', default: '默认值：', cli: 'CLI：' },
};

/** The fact block is the page's opening bullet list: everything before the first H2. */
function factBlockLines(page: Page, label: string): { text: string; line: number }[] {
  const lines = page.body.split('\n');
  const end = lines.findIndex((l) => /^##\s/.test(l));
  const prefix = `- **${label}**`;
  return lines
    .slice(0, end === -1 ? lines.length : end)
    .map((text, i) => ({ text, line: page.bodyLineOffset + i + 1 }))
    .filter((l) => l.text.startsWith(prefix));
}

const backticked = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

// `5_000` and `5000` are the same number; spacing inside a value is not a fact.
const normalize = (value: string): string =>
  value
    .replace(/(\d)_(?=\d)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
const sameValues = (a: string[], b: string[]): boolean =>
  JSON.stringify(a.map(normalize).sort()) === JSON.stringify(b.map(normalize).sort());

/** The flag names in CLI forms: `-r=<path>` → `-r`; `--include 'a' --include 'b'` → `--include`. */
const flagNames = (forms: string[]): string[] =>
  [
    ...new Set(
      forms
        .flatMap((f) => f.split(/\s+/))
        .filter((t) => /^--?[A-Za-z]/.test(t))
        .map((t) => t.split('=')[0]),
    ),
  ].sort();

/** Problems with one fact line, or [] when the page states the expected value(s). */
function checkLine(page: Page, label: string, expected: string[] | null, compare: 'values' | 'flags'): string[] {
  const found = factBlockLines(page, label);
  const where = (line: number) => `${page.file}:${line}`;
  if (expected === null) {
    return found.map((l) => `${where(l.line)}: the option has no CLI flag, but the page shows "${l.text}"`);
  }
  if (found.length !== 1) {
    return [`${page.file}: expected one "- **${label}** …" line before the first H2, found ${found.length}`];
  }
  const [{ text, line }] = found;
  const actual = backticked(text);
  const ok =
    compare === 'flags'
      ? JSON.stringify(flagNames(actual)) === JSON.stringify(flagNames(expected))
      : sameValues(actual, expected);
  if (ok) return [];
  const shown =
    compare === 'flags'
      ? `flags ${flagNames(actual).join(', ') || '(none)'}`
      : actual.map((v) => `\`${v}\``).join(', ');
  const wanted =
    compare === 'flags' ? `flags ${flagNames(expected).join(', ')}` : expected.map((v) => `\`${v}\``).join(', ');
  return [`${where(line)}: ${label} shows ${shown}; the facts sheet says ${wanted}`];
}

describe('test-option pages state the facts sheet’s type, default and CLI flag', () => {
  test('the fact table covers the 47 test options', () => {
    assert.equal(OPTIONS.length, 47);
  });

  for (const [name, fact] of OPTIONS) {
    test(name, () => {
      const problems = LANGS.flatMap((lang) => {
        const rel = `config/test/${name}.md`;
        if (!pageExists(lang, rel)) return [`content/${lang}/${rel} is missing`];
        const page = readPage(lang, rel);
        const labels = LABELS[lang];
        return [
          ...(page.frontmatter.title === name
            ? []
            : [`${page.file}: front-matter title is "${page.frontmatter.title}", expected "${name}"`]),
          ...checkLine(page, labels.type, fact.type, 'values'),
          ...checkLine(page, labels.default, fact.default, 'values'),
          ...checkLine(page, labels.cli, fact.cli, 'flags'),
        ];
      });
      assert.deepEqual(problems, [], problems.join('\n'));
    });
  }
});

describe('build-option pages', () => {
  test('the 7 build pages exist in both languages, titled with the option name', () => {
    assert.equal(BUILD_PAGES.length, 7);
    const problems = LANGS.flatMap((lang) =>
      BUILD_PAGES.flatMap((name) => {
        const rel = `config/build/${name}.md`;
        if (!pageExists(lang, rel)) return [`content/${lang}/${rel} is missing`];
        const title = readPage(lang, rel).frontmatter.title;
        return title === name ? [] : [`content/${lang}/${rel}: front-matter title is "${title}", expected "${name}"`];
      }),
    );
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});
