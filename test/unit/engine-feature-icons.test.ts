// Home features name their icons from the theme's set; an emoji or unknown name fails the build with the list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BuildProblem } from '../../lib/errors.ts';
import { parseMarkdownFile } from '../../lib/frontmatter.ts';

const home = (icon: string) =>
  `---\npageType: home\ntitle: Home\ndescription: d\nfeatures:\n  - title: Fast\n    details: Very.\n    icon: ${icon}\n---\n`;

test('a feature icon must be a name from the icon set, not an emoji', () => {
  const ok: BuildProblem[] = [];
  parseMarkdownFile(home('zap'), 'index.md', ok);
  assert.deepEqual(ok, []);

  const problems: BuildProblem[] = [];
  parseMarkdownFile(home('⚡'), 'index.md', problems);
  assert.equal(problems.length, 1);
  assert.match(
    problems[0].message,
    /front-matter field "features\[0\]\.icon" is "⚡", which is not one of: app-window, file-code, layers, recycle, scan-eye, zap/,
  );
});
