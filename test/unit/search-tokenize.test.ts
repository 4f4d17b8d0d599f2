// The search tokenizer (lib/search/tokenize.ts), shared by the build and the browser: English words,
// code identifiers, Chinese words plus bigrams, the bigram-only path, minimum length, accent folding.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import {
  bigrams,
  foldLatin,
  identifierTerms,
  indexTerms,
  queryTerms,
  setSegmenterForTests,
} from '../../common/search/tokenize.ts';

afterEach(() => setSegmenterForTests(undefined));

describe('English text', () => {
  test('words are lower-cased and split on spaces and punctuation', () => {
    assert.deepEqual(indexTerms('Retry failing tests, then report!'), ['retry', 'failing', 'tests', 'then', 'report']);
  });

  test('terms below the minimum length (2) are dropped', () => {
    assert.deepEqual(indexTerms('a test: x is 1 of 2'), ['test', 'is', 'of']);
  });

  test('accents and full-width letters fold to plain Latin', () => {
    assert.equal(foldLatin('Café Résumé'), 'cafe resume');
    assert.deepEqual(indexTerms('naïve ＲＳＴＥＳＴ'), ['naive', 'rstest']);
  });
});

describe('code identifiers', () => {
  test('camelCase keeps the whole identifier and adds its parts', () => {
    assert.deepEqual(identifierTerms('toHaveBeenCalledWith'), [
      'tohavebeencalledwith',
      'to',
      'have',
      'been',
      'called',
      'with',
    ]);
    assert.deepEqual(identifierTerms('HTMLElement'), ['htmlelement', 'html', 'element']);
  });

  test('dotted names keep the whole and each part', () => {
    assert.deepEqual(identifierTerms('rstest.fn'), ['rstest.fn', 'rstest', 'fn']);
    assert.deepEqual(identifierTerms('test.each'), ['test.each', 'test', 'each']);
    assert.deepEqual(identifierTerms('expect.toHaveLength'), [
      'expect.tohavelength',
      'expect',
      'tohavelength',
      'to',
      'have',
      'length',
    ]);
  });

  test('CLI flags keep their dashes as one term, plus the bare name and its parts', () => {
    assert.deepEqual(identifierTerms('--testTimeout'), ['--testtimeout', 'testtimeout', 'test', 'timeout']);
    assert.deepEqual(identifierTerms('per-file'), ['per-file', 'per', 'file']);
  });

  test('identifiers are found inside running text and code', () => {
    const terms = indexTerms("rstest.mock('./api'); expect(fn).toHaveBeenCalledWith(1) --retry 2");
    for (const t of [
      'rstest.mock',
      'rstest',
      'mock',
      'api',
      'expect',
      'fn',
      'tohavebeencalledwith',
      'called',
      '--retry',
      'retry',
    ]) {
      assert.ok(terms.includes(t), `${t} in ${terms.join(' ')}`);
    }
  });
});

describe('Chinese text', () => {
  test('overlapping character bigrams cover every pair of a run', () => {
    assert.deepEqual(bigrams('配置文件'), ['配置', '置文', '文件']);
    assert.deepEqual(bigrams('测'), []);
  });

  test('a run gives its bigrams plus the segmenter words that are longer than a bigram', () => {
    const terms = indexTerms('覆盖率报告');
    for (const pair of ['覆盖', '盖率', '率报', '报告']) assert.ok(terms.includes(pair), pair);
    // Two-character words are bigrams already; nothing shorter than two characters is kept.
    assert.ok(terms.every((t) => t.length >= 2));
  });

  test('segmenter words of three or more characters are indexed whole', () => {
    setSegmenterForTests({
      segment: () => [
        { segment: '覆盖率', isWordLike: true },
        { segment: '报告', isWordLike: true },
      ],
    });
    assert.ok(indexTerms('覆盖率报告').includes('覆盖率'));
  });

  test('without Intl.Segmenter, CJK text is indexed with bigrams alone', () => {
    setSegmenterForTests(null);
    assert.deepEqual(indexTerms('快照测试'), ['快照', '照测', '测试']);
  });

  test('Chinese and code mix: each part is tokenized its own way', () => {
    assert.deepEqual(indexTerms('使用rstest.fn创建'), ['使用', 'rstest.fn', 'rstest', 'fn', '创建']);
  });
});

describe('query terms', () => {
  test('every term of the query is required; only the last, being typed, may match as a prefix', () => {
    const q = queryTerms('fake tim');
    assert.deepEqual(q.required, ['fake', 'tim']);
    assert.deepEqual([...q.prefix], ['tim']);
  });

  test('a Latin word matches as a prefix from 3 letters on (2 would expand to half the index)', () => {
    assert.deepEqual([...queryTerms('re').prefix], []);
    assert.deepEqual([...queryTerms('ret').prefix], ['ret']);
  });

  test('an identifier being typed is a prefix as typed, not by its parts', () => {
    const q = queryTerms('rstest.spy');
    assert.deepEqual(q.required, ['rstest.spy', 'rstest', 'spy']);
    assert.deepEqual([...q.prefix], ['rstest.spy']);
    assert.deepEqual([...queryTerms('--testT').prefix], ['--testt', 'testt']);
  });

  test('Chinese queries require their bigrams whatever the segmenter makes of them; segmenter words only rank', () => {
    setSegmenterForTests({
      segment: () => [
        { segment: '覆盖率', isWordLike: true },
        { segment: '报告', isWordLike: true },
      ],
    });
    const q = queryTerms('覆盖率报告');
    assert.deepEqual(q.required, ['覆盖', '盖率', '率报', '报告']);
    assert.deepEqual(q.optional, ['覆盖率']);
  });

  test('a single Chinese character is kept as a prefix (it starts words and bigrams)', () => {
    const q = queryTerms('测');
    assert.deepEqual(q.required, ['测']);
    assert.ok(q.prefix.has('测'));
  });

  test('typos are forgiven in words as typed, not in the parts of an identifier', () => {
    assert.deepEqual([...queryTerms('toMatchSnapshot').whole], ['tomatchsnapshot']);
    assert.deepEqual([...queryTerms('--testTimeout retry').whole], ['--testtimeout', 'testtimeout', 'retry']);
  });

  test('a query with nothing searchable gives no terms', () => {
    assert.deepEqual(queryTerms('  ? ! a ').required, []);
  });
});
