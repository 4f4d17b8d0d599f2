// The blog index is written by hand (docs/authoring.md, "Blog posts"): it must list every post of its folder, newest
// first, each with the day its front matter gives, written as the post's own date line writes it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatPostDate } from '../../layouts/parts/PostMeta.tsx';
import { LANGS, listPages, readPage } from '../content/pages.ts';

for (const lang of LANGS) {
  describe(`${lang}: the blog`, () => {
    const posts = listPages(lang)
      .filter((rel) => rel.startsWith('blog/') && rel !== 'blog/index.md')
      .map((rel) => readPage(lang, rel));
    const index = readPage(lang, 'blog/index.md');

    test('every post has a date and authors', () => {
      assert.ok(posts.length >= 3, 'the 0.10, 0.11 and 0.12 posts');
      for (const post of posts) {
        assert.deepEqual(post.frontmatterProblems, [], post.file);
        assert.match(post.frontmatter.date ?? '', /^\d{4}-\d{2}-\d{2}$/, `${post.file}: date`);
        assert.ok(post.frontmatter.authors?.length, `${post.file}: authors`);
      }
    });

    test('the index lists every post, newest first, with its date and a summary', () => {
      // `## [Title](/blog/post) {#id}`, then a paragraph `<date> · <summary>`.
      const entries = [...index.body.matchAll(/^## \[([^\]]+)\]\(\/blog\/([\w-]+)\).*\n\n(.+) · (.+)$/gm)].map((m) => ({
        title: m[1],
        rel: `blog/${m[2]}.md`,
        date: m[3],
        summary: m[4],
      }));
      const newestFirst = [...posts].sort((a, b) => b.frontmatter.date!.localeCompare(a.frontmatter.date!));
      assert.deepEqual(
        entries.map((e) => e.rel),
        newestFirst.map((p) => p.rel),
        `${index.file}: one entry per post, newest first`,
      );
      for (const [i, entry] of entries.entries()) {
        const post = newestFirst[i];
        assert.equal(entry.title, post.frontmatter.title, `${index.file}: the title of ${post.rel}`);
        assert.equal(
          entry.date,
          formatPostDate(post.frontmatter.date!, lang),
          `${index.file}: the date of ${post.rel}`,
        );
        assert.ok(entry.summary.length > 20, `${index.file}: a summary of ${post.rel}`);
      }
    });
  });
}
