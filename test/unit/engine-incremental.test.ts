// The dev server's content path (lib/site.ts openSite → update): an edit to a page re-renders that page only, a
// changed title also the pages whose sidebar shows it, a new page or a _meta.json asks for a full build, and an
// edit that breaks a link throws the BuildError (the model has the edit).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BuildError } from '../../lib/errors.ts';
import { openSite } from '../../lib/site.ts';
import { copyFixture, edit } from '../fixtures/sites/support.ts';

async function session() {
  const dir = copyFixture('basic');
  const opened = await openSite({ configFile: path.join(dir, 'site.config.ts') });
  await opened.staged.finished;
  return { dir, opened, file: (rel: string) => path.join(dir, 'content', rel) };
}

test('an edit to a page body re-renders that page only', async () => {
  const { opened, file } = await session();
  edit(file('en/guide/intro.md'), (t) => t.replace('Back to the', 'Edited: back to the'));
  const result = await opened.update([file('en/guide/intro.md')]);
  assert.ok(result);
  assert.deepEqual(result.hrefs, ['/guide/intro']);
  assert.match(result.changed[0].html, /Edited: back to the/);
  const page = opened.staged.model.pages.find((p) => p.href === '/guide/intro')!;
  assert.equal(page, result.changed[0], 'the model has the new page');
  assert.ok(page.sidebar && page.prev, 'sidebar and prev/next are set again');
});

test('a changed title re-renders the pages whose sidebar shows it', async () => {
  const { opened, file } = await session();
  edit(file('en/guide/intro.md'), (t) => t.replace('title: Intro', 'title: Intro renamed'));
  const result = await opened.update([file('en/guide/intro.md')]);
  assert.ok(result);
  assert.ok(result.hrefs.includes('/guide/intro'));
  assert.ok(result.hrefs.includes('/guide/'), 'the sidebar of /guide/ lists it');
  assert.ok(!result.hrefs.some((h) => h.startsWith('/zh/')), 'the other language keeps its own title');
  const neighbour = opened.staged.model.pages.find((p) => p.href === '/guide/')!;
  assert.equal(neighbour.next?.text, 'Intro renamed');
});

test('a new page or a file that is not a page asks for a full build', async () => {
  const { opened, file } = await session();
  fs.writeFileSync(file('en/guide/new.md'), '---\ntitle: New\ndescription: New.\n---\n# New\n');
  assert.equal(await opened.update([file('en/guide/new.md')]), undefined);
});

test('an edit that breaks a link throws the problems, with file and line', async () => {
  const { opened, file } = await session();
  edit(file('en/guide/intro.md'), (t) => `${t}\n[gone](/guide/nowhere)\n`);
  await assert.rejects(opened.update([file('en/guide/intro.md')]), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    assert.match(error.problems[0].message, /dead link/);
    assert.equal(error.problems[0].file, file('en/guide/intro.md'));
    return true;
  });
});
