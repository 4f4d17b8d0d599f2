// One Chinese term per concept: the glossary in docs/authoring.md ("Chinese terms") names, for each concept, the
// variants no zh page may use; this reads that table and checks the prose of every page under content/zh.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { allPages, ROOT } from '../content/pages.ts';

interface Term {
  concept: string;
  term: string;
  /** The variants, each as a pattern, with the text the table gives for it. */
  not: { pattern: RegExp; text: string }[];
}

/** The rows between `<!-- zh-terms:start -->` and `<!-- zh-terms:end -->` of docs/authoring.md. */
export function glossary(markdown: string): Term[] {
  const block = /<!-- zh-terms:start -->([\s\S]*?)<!-- zh-terms:end -->/.exec(markdown);
  assert.ok(block, 'docs/authoring.md has no <!-- zh-terms:start --> … <!-- zh-terms:end --> table');
  return block[1]
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(?:concept|-)/.test(line))
    .map((line) => {
      const [concept, term, not] = line
        .split(/(?<!\\)\|/)
        .slice(1, 4)
        .map((c) => c.trim());
      const variants = [...not.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      return {
        concept,
        term,
        not: variants.map((text) => {
          const re = /^\/(.*)\/$/.exec(text);
          return {
            pattern: re ? new RegExp(re[1], 'g') : new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'),
            text,
          };
        }),
      };
    });
}

/**
 * A page's prose, line for line: code blocks, inline code, link targets, HTML comments and heading ids blanked out,
 * so a variant inside `rs.mock()` or a URL is no finding and line numbers stay those of the file.
 */
export function prose(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source
    .replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)\n]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/\{#[^}\n]*\}/g, blank);
}

/** `file:line: "variant" (concept): write "term"` for each variant found. */
export function findings(file: string, source: string, terms: Term[]): string[] {
  const text = prose(source);
  const out: string[] = [];
  for (const t of terms) {
    for (const v of t.not) {
      for (const m of text.matchAll(v.pattern)) {
        const line = text.slice(0, m.index).split('\n').length;
        out.push(`${file}:${line}: "${m[0]}" (${t.concept}): write ${t.term}`);
      }
    }
  }
  return out;
}

const terms = glossary(fs.readFileSync(path.join(ROOT, 'docs/authoring.md'), 'utf8'));

describe('Chinese terms: one per concept (docs/authoring.md, "Chinese terms")', () => {
  test('the glossary names the decided terms and their variants', () => {
    const byConcept = new Map(terms.map((t) => [t.concept, t]));
    assert.equal(byConcept.get('partial mock')?.term, '部分模拟');
    assert.equal(byConcept.get('automock, automatic mocking')?.term, '自动模拟');
    assert.match(byConcept.get('AI coding agent')?.term ?? '', /^AI 编程助手/);
    assert.equal(byConcept.get('test suite')?.term, '测试套件');
    assert.equal(byConcept.get('fake timers')?.term, '模拟定时器');
    for (const t of terms) assert.ok(t.not.length, `the glossary row "${t.concept}" lists no variant`);
  });

  test('a variant in prose is found at its line; in code, inline code or a link target it is not', () => {
    const source = [
      '---',
      'title: 假定时器', // 2
      '---',
      '',
      '对模块做部分 mock，再用 `部分 mock` 说明。', // 5
      '',
      '```ts',
      '// 部分 mock 在代码注释里不算',
      '```',
      '',
      '见 [Agent Skills](https://example.com/Agent)，这里的 Agent 要改。', // 11
    ].join('\n');
    assert.deepEqual(findings('content/zh/x.md', source, terms), [
      'content/zh/x.md:5: "部分 mock" (partial mock): write 部分模拟',
      'content/zh/x.md:2: "假定时器" (fake timers): write 模拟定时器',
      'content/zh/x.md:11: "Agent" (AI coding agent): write AI 编程助手 (again in a paragraph: 编程助手)',
    ]);
  });

  test('no zh page uses a variant the glossary rules out', () => {
    const zh = allPages().filter((p) => p.lang === 'zh');
    assert.ok(zh.length > 50);
    const found = zh.flatMap((p) => findings(p.file, p.source, terms));
    assert.deepEqual(found, [], `variants on zh pages (use the glossary's term):\n${found.join('\n')}`);
  });
});
