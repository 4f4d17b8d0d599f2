// A page's text in fragments (common/search/fragments.ts): they are the text, cut at headings and, in long
// sections, beside a space or a punctuation mark; their terms are the text's terms; a content hit quotes the
// fragment where the query's terms first meet, with the snippet and section it would have in the whole text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bestFragment, FRAGMENT_WIDTH, firstFragments, termSet, textFragments } from '../../common/search/fragments.ts';
import { hitOfPage, textWidth } from '../../common/search/hits.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { indexTerms } from '../../common/search/tokenize.ts';

const en = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Step ${i}: call rstest.useFakeTimers() before the test, then advanceTimersByTime(${i * 10}) moves the clock.`,
  ).join(' ');
const zh = (n: number) =>
  Array.from({ length: n }, (_, i) => `第${i}步：在测试开始前调用假定时器，再用推进时间的方法让时钟向前走。`).join('');

/** A page with a heading after its intro and another before a long last section. */
function page(intro: string, middle: string, last: string): SearchRecord {
  const first = `${intro} Setup `;
  const second = `${first}${middle} Usage `;
  return {
    id: 0,
    routePath: '/guide/timers',
    title: 'Fake timers',
    content: `${second}${last}`,
    toc: [
      { text: 'Setup', id: 'setup', depth: 2, charIndex: intro.length + 1 },
      { text: 'Usage', id: 'usage', depth: 2, charIndex: first.length + middle.length + 1 },
    ],
    lang: 'en',
    version: '',
  };
}

const own = (f: { text: string; from: number; to: number }) => f.text.slice(f.from, f.to);

describe('text fragments', () => {
  for (const [lang, text] of [
    ['en', en],
    ['zh', zh],
  ] as const) {
    const record = page(text(2), text(3), text(40));
    const fragments = textFragments(record);

    test(`${lang}: are the text, in pieces of ${FRAGMENT_WIDTH / 2} to about ${FRAGMENT_WIDTH} columns, and know where each section starts`, () => {
      assert.equal(fragments.map(own).join(''), record.content);
      const starts = fragments.flatMap((f) => f.sections.map(([at, section]) => [f.at + at, section]));
      assert.deepEqual(
        starts,
        [
          [0, -1],
          ...record.toc.map(({ charIndex }, section) => [charIndex, section]),
          // Each fragment after the first starts in the section the one before it ended in.
          ...fragments.slice(1).map((f) => [f.at + f.from, f.sections[0][1]]),
        ]
          .sort((a, b) => a[0] - b[0])
          .filter((s, i, all) => !i || s[0] !== all[i - 1][0]),
      );
      assert.ok(fragments.length > 5, `the long section is cut (${fragments.length} fragments)`);
      for (const f of fragments.slice(0, -1)) {
        const width = textWidth(own(f));
        assert.ok(width >= FRAGMENT_WIDTH / 2 && width < FRAGMENT_WIDTH + 80, `${width} columns`);
        // Beside a space or a punctuation mark: no word or CJK run is cut.
        assert.match(own(f).slice(-1) + f.text.slice(f.to, f.to + 1), /[\s：，。]/);
      }
    });

    test(`${lang}: carry the text around them a snippet at their edge shows`, () => {
      const [, , f] = fragments;
      assert.equal(f.text, record.content.slice(f.at, f.at + f.text.length));
      assert.ok(f.from > 0 && f.to < f.text.length && f.more);
      assert.ok(textWidth(f.text.slice(0, f.from)) <= 30 && textWidth(f.text.slice(f.to)) <= 100);
      assert.equal(fragments[fragments.length - 1].more, false);
    });

    test(`${lang}: hold, fragment by fragment, exactly the text's terms`, () => {
      const union = new Set(fragments.flatMap((f) => [...termSet(own(f))]));
      assert.deepEqual([...union].sort(), [...new Set(indexTerms(record.content))].sort());
      const first = firstFragments(fragments);
      for (const [term, n] of first) {
        assert.ok(termSet(own(fragments[n])).has(term), term);
        for (const f of fragments.slice(0, n)) assert.ok(!termSet(own(f)).has(term), `${term} before ${n}`);
      }
    });
  }
});

describe('the fragment a content hit quotes', () => {
  test('is where the most query terms first occur, the earliest of those', () => {
    const first = new Map([
      ['alpha', 0],
      ['beta', 2],
      ['betas', 1],
      ['gamma', 2],
    ]);
    const at = (term: string) => first.get(term);
    assert.equal(bestFragment([['alpha'], ['beta', 'betas'], ['gamma']], at), 0, 'ties go to the earliest');
    assert.equal(bestFragment([['beta'], ['gamma']], at), 2);
    assert.equal(bestFragment([['beta', 'betas']], at), 1, "a group's earliest term");
    assert.equal(bestFragment([['delta']], at), undefined, 'none occurs');
  });

  test("gives the snippet, highlights and section of the passage, deep in a long page's text", () => {
    const record = page(en(2), en(3), `${en(20)} Only here does clock.restore() put the real timers back. ${en(20)}`);
    const hit = hitOfPage({ record, score: 1, terms: ['restore'] }, 'restore');
    assert.equal(hit.type, 'content');
    assert.equal(hit.link, '/guide/timers#usage');
    assert.match(hit.statement!, /^….*clock\.restore\(\) put the real timers back.*…$/);
    assert.ok(textWidth(hit.statement!) <= 104, hit.statement);
    const [range] = hit.highlights;
    assert.equal(hit.statement!.slice(range.start, range.start + range.length), 'restore');
  });
});
