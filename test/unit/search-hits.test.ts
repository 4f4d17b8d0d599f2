// What a search result shows (lib/search/hits.ts): highlight ranges, snippets of ~100 columns where CJK
// characters count 3, and the hit type — title, header (with its heading trail) or content.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RankedPage } from '../../common/search/rank.ts';
import {
  charWidth,
  highlightRanges,
  hitOfPage,
  snippet,
  splitHighlights,
  textWidth,
} from '../../common/search/hits.ts';
import type { SearchRecord } from '../../common/search/record.ts';

const marked = (text: string, terms: string[]) =>
  splitHighlights(text, highlightRanges(text, terms))
    .map((p) => (p.mark ? `[${p.text}]` : p.text))
    .join('');

describe('highlight ranges', () => {
  test('match ignoring case and accents, in the original text', () => {
    assert.equal(marked('Retry and CAFÉ', ['retry', 'cafe']), '[Retry] and [CAFÉ]');
  });

  test('a Latin term starts a word or a camelCase part, never the middle of a word', () => {
    assert.equal(marked('toHaveBeenCalled has_been abeen', ['been']), 'toHave[Been]Called has_been abeen');
    assert.equal(marked('retries', ['tries']), 'retries');
  });

  test('overlapping and adjacent matches merge into one range', () => {
    assert.deepEqual(highlightRanges('rstest.fn()', ['rstest.fn', 'rstest', 'fn']), [{ start: 0, length: 9 }]);
  });

  test('CJK terms match anywhere', () => {
    assert.equal(marked('修改配置文件的路径', ['配置', '文件']), '修改[配置文件]的路径');
  });

  test('highlighted text stays text: markup in a query or the content is never interpreted', () => {
    const parts = splitHighlights('<img onerror=alert(1)> tag', highlightRanges('<img onerror=alert(1)> tag', ['img']));
    assert.deepEqual(parts, [
      { text: '<', mark: false },
      { text: 'img', mark: true },
      { text: ' onerror=alert(1)> tag', mark: false },
    ]);
  });
});

describe('snippets', () => {
  test('CJK characters count 3 columns, others 1', () => {
    assert.equal(charWidth('测'), 3);
    assert.equal(charWidth('。'), 3);
    assert.equal(charWidth('a'), 1);
    assert.equal(textWidth('ab测试'), 8);
  });

  test('an English snippet is about 100 columns around the match, cut at word boundaries', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
    words[30] = 'needle';
    const text = words.join(' ');
    const { statement } = snippet(text, text.indexOf('needle'), 6);
    assert.ok(statement.startsWith('…') && statement.endsWith('…'), statement);
    assert.ok(statement.includes('needle'));
    const body = statement.slice(1, -1);
    assert.ok(textWidth(body) <= 100 && textWidth(body) >= 85, `${textWidth(body)} columns: ${body}`);
    // Whole words only.
    for (const word of body.split(' ')) assert.match(word, /^(word\d+|needle)$/);
  });

  test('a Chinese snippet holds about a third as many characters (each counts 3)', () => {
    const text = `${'这是一段很长的中文内容'.repeat(10)}目标词语${'后面还有更多的中文内容'.repeat(10)}`;
    const { statement } = snippet(text, text.indexOf('目标'), 4);
    const body = statement.replace(/^…|…$/g, '');
    assert.ok(body.includes('目标词语'));
    assert.ok(textWidth(body) <= 100 && textWidth(body) >= 96, `${textWidth(body)} columns`);
    assert.ok(body.length <= 34, `${body.length} characters`);
  });

  test('a match near the start shows the text from its beginning, without a leading ellipsis', () => {
    const { statement, offset } = snippet('Short text with the match', 16, 3);
    assert.equal(statement, 'Short text with the match');
    assert.equal(offset, 0);
  });
});

const record: SearchRecord = {
  id: 0,
  routePath: '/config/test/retry',
  title: 'retry',
  content:
    'Give failing tests more chances. Example retry: 2 in the config. Per file override with rstest.setConfig in that file. Notes each attempt has its own timeout.',
  toc: [
    { text: 'Example', id: 'example', depth: 2, charIndex: 33 },
    { text: 'Per-file override', id: 'per-file-override', depth: 3, charIndex: 65 },
    { text: 'Notes', id: 'notes', depth: 2, charIndex: 118 },
  ],
  lang: 'en',
  version: '',
};
const ranked = (terms: string[]): RankedPage => ({ record, score: 1, terms });

describe('hit types', () => {
  test('a title match gives a title hit linking to the page', () => {
    const hit = hitOfPage(ranked(['retry']), 'retry');
    assert.equal(hit.type, 'title');
    assert.equal(hit.link, '/config/test/retry');
    assert.deepEqual(hit.highlights, [{ start: 0, length: 5 }]);
  });

  test('a heading match gives a header hit with its heading trail and anchor', () => {
    const hit = hitOfPage(ranked(['override']), 'override');
    assert.equal(hit.type, 'header');
    assert.equal(hit.header, 'Example > Per-file override');
    assert.equal(hit.link, '/config/test/retry#per-file-override');
    assert.equal(marked(hit.header, ['override']), 'Example > Per-file [override]');
  });

  test('a body match gives a content hit: snippet, highlights in it, and the section it is in', () => {
    const hit = hitOfPage(ranked(['attempt']), 'attempt');
    assert.equal(hit.type, 'content');
    assert.equal(hit.header, 'Notes');
    assert.equal(hit.link, '/config/test/retry#notes');
    assert.ok(hit.statement?.includes('each attempt has'));
    const [range] = hit.highlights;
    assert.equal(hit.statement!.slice(range.start, range.start + range.length), 'attempt');
  });

  test('the snippet goes where most query terms meet', () => {
    const hit = hitOfPage(ranked(['file', 'setconfig']), 'file setConfig');
    assert.equal(hit.type, 'content', 'the heading holds "file" only; the passage holds both');
    assert.equal(hit.link, '/config/test/retry#per-file-override');
    const content = hitOfPage(ranked(['setconfig', 'rstest']), 'rstest setConfig');
    assert.equal(content.type, 'content');
    assert.match(content.statement!, /rstest\.setConfig/);
    assert.equal(content.link, '/config/test/retry#per-file-override');
  });

  test('the heading that holds the whole identifier beats one that only holds its parts', () => {
    const expect: SearchRecord = {
      ...record,
      title: 'Expect',
      toc: [
        { text: 'toThrowErrorMatchingSnapshot', id: 'throw', depth: 3, charIndex: 0 },
        { text: 'toMatchSnapshot', id: 'match', depth: 3, charIndex: 10 },
      ],
    };
    const hit = hitOfPage(
      { record: expect, score: 1, terms: ['tomatchsnapshot', 'to', 'match', 'snapshot'] },
      'toMatchSnapshot',
    );
    assert.equal(hit.link, '/config/test/retry#match');
  });

  test('a heading that shares only a small part of the query does not hide the passage that holds it all', () => {
    const page: SearchRecord = {
      ...record,
      title: 'Mock functions',
      content: 'How to mock Create a spy. Then check it with expect(spy).toHaveBeenCalledWith(1, 2) in the test.',
      toc: [{ text: 'How to mock', id: 'how', depth: 2, charIndex: 0 }],
    };
    const terms = ['tohavebeencalledwith', 'to', 'have', 'been', 'called', 'with'];
    const hit = hitOfPage({ record: page, score: 1, terms }, 'toHaveBeenCalledWith');
    assert.equal(hit.type, 'content');
    assert.match(hit.statement!, /toHaveBeenCalledWith/);
  });

  test('a match before the first heading links to the page itself, one after a heading to that heading', () => {
    const page: SearchRecord = {
      ...record,
      content: 'Each attempt has its own timeout. Per file Set an attempt count per file.',
      toc: [{ text: 'Per file', id: 'per-file', depth: 2, charIndex: 34 }],
    };
    const first = hitOfPage({ record: page, score: 1, terms: ['each'] }, 'each');
    assert.equal(first.type, 'content');
    assert.equal(first.link, '/config/test/retry');
    assert.equal(first.header, '');
    const second = hitOfPage({ record: page, score: 1, terms: ['count'] }, 'count');
    assert.equal(second.link, '/config/test/retry#per-file');
    assert.equal(second.header, 'Per file');
  });
});
