// Content checks a reader would trip over: code samples that don't parse, config pages without a config example,
// pages without a title or description, English pages with no Chinese counterpart.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { transformSync, type Loader, type Message } from 'esbuild';
import { allPages, fences, LANGS, listPages, pageExists, type Fence } from '../content/pages.ts';

// esbuild's parser is a full TypeScript/JSX parser (the installed typescript 7 is the native compiler and has no
// JS API). `js` blocks get the plain JS loader, so JSX in a ```js block is reported, as it should be.
const LOADERS: Record<string, Loader> = { ts: 'ts', tsx: 'tsx', js: 'js', jsx: 'jsx' };

const pages = allPages();

/** Parses a block; returns a message naming the file line of each syntax error, or null when it parses. */
function parseError(fence: Fence): string | null {
  try {
    transformSync(fence.content, { loader: LOADERS[fence.lang], logLevel: 'silent' });
    return null;
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? [];
    if (!errors.length) return `${fence.where}: \`\`\`${fence.lang} block: ${String(error)}`;
    const [file] = fence.where.split(':');
    // The block's first code line is the line after the opening fence.
    const details = errors.map((e) => {
      const at = e.location ? `${file}:${fence.line + e.location.line}:${e.location.column + 1}` : fence.where;
      return `${at} ${e.text}`;
    });
    return `${fence.where}: \`\`\`${fence.lang} block does not parse:\n    ${details.join('\n    ')}`;
  }
}

describe('code blocks in the docs', () => {
  const codeFences = pages.flatMap((page) => fences(page).filter((f) => f.lang in LOADERS));

  test('the pages hold ts/js code blocks to check', () => {
    assert.ok(codeFences.length > 100, `found only ${codeFences.length} ts/js/tsx/jsx blocks under content/`);
  });

  test('every ```ts / ```js / ```tsx / ```jsx block parses', () => {
    const failures = codeFences.map(parseError).filter((m): m is string => m !== null);
    assert.equal(failures.length, 0, `${failures.length} code block(s) fail to parse:\n${failures.join('\n')}`);
  });
});

describe('config pages', () => {
  const configPages = pages.filter((p) => /^config\/(test|build)\//.test(p.rel));

  test('the 47 test options and 7 build groups have pages in both languages', () => {
    assert.equal(configPages.length, (47 + 7) * LANGS.length, configPages.map((p) => p.file).join('\n'));
  });

  test('every /config/test/* and /config/build/* page has a ```ts title="rstest.config.ts" example', () => {
    const isConfigExample = (f: Fence) => f.lang === 'ts' && /\btitle=(["']?)rstest\.config\.ts\1(\s|$)/.test(f.info);
    const missing = configPages.filter((p) => !fences(p).some(isConfigExample)).map((p) => p.file);
    assert.deepEqual(missing, [], `pages without a \`\`\`ts title="rstest.config.ts" block:\n${missing.join('\n')}`);
  });
});

describe('every page', () => {
  test('has a front-matter title and description', () => {
    const problems = pages.flatMap((p) => {
      const out: string[] = p.frontmatterProblems.map((x) => `${x.file}:${x.line ?? 1}: ${x.message}`);
      for (const key of ['title', 'description'] as const) {
        const value = p.frontmatter[key];
        if (typeof value !== 'string' || !value.trim()) out.push(`${p.file}:1: front matter has no ${key}`);
      }
      return out;
    });
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test('every English page has a Chinese counterpart, and the other way round', () => {
    const missing = LANGS.flatMap((lang) => {
      const other = lang === 'en' ? 'zh' : 'en';
      return listPages(lang)
        .filter((rel) => !pageExists(other, rel))
        .map((rel) => `content/${lang}/${rel} has no content/${other}/${rel}`);
    });
    assert.deepEqual(missing, [], missing.join('\n'));
  });
});
