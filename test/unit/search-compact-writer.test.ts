// The compact index as the build writes it (lib/search/compact-writer.ts, a record at a time, as bytes) is the
// file encodeIndex (common/search/compact.ts) makes of the same records, byte for byte.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { encodeIndex } from '../../common/search/compact.ts';
import type { SearchRecord } from '../../common/search/record.ts';
import { CompactIndexWriter } from '../../lib/search/compact-writer.ts';
import { buildSite } from '../../eleventy/build.ts';

const written = (records: SearchRecord[], lang: string, version: string) => {
  const writer = new CompactIndexWriter(lang, version);
  for (const record of records) writer.add(record);
  return Buffer.concat(writer.finish()).toString();
};

const doc = (
  id: number,
  title: string,
  content: string,
  toc: SearchRecord['toc'] = [],
  section?: string[],
): SearchRecord => ({
  id,
  routePath: `/p${id}`,
  title,
  content,
  toc,
  lang: 'en',
  version: '',
  ...(section ? { section } : {}),
});

test('the same bytes as encodeIndex: headings in the text and not, CJK, sections or none, empty records', () => {
  const records = [
    doc(
      0,
      'Mock functions',
      'Create mocks with rstest.fn and spy with rstest.spyOn. Mock everything, 2024-05 style.',
      [],
      ['API', 'Mock'],
    ),
    doc(1, 'testTimeout', 'The time limit of a test. Pass --testTimeout on the CLI. XMLHttpRequest, es2022, Café.', [
      { text: 'Pass --testTimeout', id: 'pass', depth: 2, charIndex: 26 },
    ]),
    doc(
      2,
      '配置文件',
      '修改配置文件的路径。使用 rstest 配置测试环境和快照文件。',
      [{ text: '使用 rstest 配置测试环境和快照文件。', id: 'use', depth: 2, charIndex: 10 }],
      [],
    ),
    doc(3, 'Odd "quoted" \\ title', 'Some text.', [{ text: 'Elsewhere heading', id: 'x', depth: 2, charIndex: 99 }]),
    doc(4, '', ''),
  ];
  assert.equal(written(records, 'zh', 'v2'), encodeIndex(records, 'zh', 'v2'));
  assert.equal(written([], 'en', ''), encodeIndex([], 'en', ''));
});

test('the same bytes as encodeIndex for the records of the site itself', async () => {
  const model = await buildSite({ configFile: path.resolve(import.meta.dirname, '../../site.config.ts') });
  for (const set of model.searchIndex.sets) {
    const records = JSON.parse(set.records.json) as SearchRecord[];
    assert.equal(set.engine.json, encodeIndex(records, records[0].lang, records[0].version), set.key);
  }
});
