// Pure helpers of the layouts: where an overview page's Markdown is cut to put each group under the heading
// that names it, and how many columns a home card grid gets so its rows balance.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { balancedColumns } from '../../layouts/parts/card-grid.ts';
import { headingIdOfGroup, splitAtH2 } from '../../layouts/parts/overview-sections.ts';

describe('overview sections', () => {
  test('the HTML is cut before each top-level H2, never inside a container', () => {
    const html = '<p>Intro</p><h2 id="a">A</h2><p>a</p><div class="callout"><h2 id="inner">In</h2></div><h2 id="b">B</h2><ul><li>b</li></ul>';
    const sections = splitAtH2(html);
    assert.deepEqual(
      sections.map((s) => s.id),
      [undefined, 'a', 'b'],
    );
    assert.equal(sections.map((s) => s.html).join(''), html, 'nothing lost or repeated');
    assert.equal(sections[1].html, '<h2 id="a">A</h2><p>a</p><div class="callout"><h2 id="inner">In</h2></div>');
  });

  test('a group is named by an H2 of the same text (case, spaces and hyphens aside) or slug', () => {
    const toc = [
      { text: 'Test configurations', id: 'test-configurations', depth: 2 },
      { text: '构建配置', id: 'build-configurations', depth: 2 },
      { text: 'Runtime', id: 'runtime', depth: 3 },
    ];
    assert.equal(headingIdOfGroup(toc, 'Test Configurations'), 'test-configurations');
    assert.equal(headingIdOfGroup(toc, 'Build Configurations'), 'build-configurations');
    assert.equal(headingIdOfGroup(toc, '构建配置'), 'build-configurations');
    assert.equal(headingIdOfGroup(toc, 'Runtime'), undefined, 'an H3 does not name a group');
  });
});

describe('card grid columns', () => {
  test('one row up to 4 cards; then 3 or 4 columns, whichever leaves the last row fuller', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => balancedColumns(n)),
      [1, 2, 3, 4, 3, 3, 4, 4, 3, 4, 4, 4],
    );
  });
});
