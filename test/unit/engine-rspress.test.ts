// The Markdown that Rspress and VitePress authors write (docs/authoring.md, "Coming from Rspress or VitePress"):
// each form rendered alone, then the fixture site test/fixtures/sites/rspress built as `npm run build` builds it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { slugifiers } from '../../lib/markdown/headings.ts';
import { derivePmCommands } from '../../lib/markdown/pm.ts';
import { readJsxTag } from '../../lib/markdown/mdx.ts';
import { cliBuild, fixtureConfig, renderMarkdown, tempDir, type CliResult } from '../fixtures/sites/support.ts';

describe('Rspress/VitePress forms, rendered', () => {
  test(':::note, :::caution and :::important are callouts, with localized default titles and custom ones', async () => {
    const { html } = await renderMarkdown(':::note\nA.\n:::\n\n:::caution Mind it\nB.\n:::\n\n:::important\nC.\n:::\n');
    assert.match(html, /<div class="callout callout-info callout-note"><p class="callout-title">Note<\/p>/);
    assert.match(html, /<div class="callout callout-danger callout-caution"><p class="callout-title">Mind it<\/p>/);
    assert.match(html, /<div class="callout callout-tip callout-important"><p class="callout-title">Important<\/p>/);
    const zh = await renderMarkdown(':::note\nA.\n:::\n', { lang: 'zh' });
    assert.match(zh.html, /callout-title">说明</);
  });

  test('GitHub alerts are callouts; text after the marker is the title', async () => {
    const { html } = await renderMarkdown(
      '> [!NOTE]\n> Body **bold**.\n\n> [!CAUTION] Careful now\n> Body.\n\n> plain quote\n',
    );
    assert.match(
      html,
      /<div class="callout callout-info callout-note"><p class="callout-title">Note<\/p>\n<p>Body <strong>bold<\/strong>.<\/p>\n<\/div>/,
    );
    assert.match(html, /<div class="callout callout-danger callout-caution"><p class="callout-title">Careful now<\/p>/);
    assert.match(html, /<blockquote>\n<p>plain quote<\/p>/);
    assert.doesNotMatch(html, /\[!/);
  });

  test('<Tabs>/<Tab label> become tabs; defaultValue selects one; children may be indented', async () => {
    const md =
      '<Tabs defaultValue=\'b\'>\n  <Tab label="a">\n  ```bash\n  echo a\n  ```\n  </Tab>\n  <Tab label="b">\n\n  Some **text**.\n\n  </Tab>\n</Tabs>\n';
    const { html, env } = await renderMarkdown(md);
    assert.match(html, /<div class="code-group mdx-tabs"><div class="tabs">/);
    assert.match(html, /value="0"><label for="tabs-0-0">a<\/label>/);
    assert.match(html, /value="1" checked><label for="tabs-0-1">b<\/label>/);
    assert.equal((html.match(/<div class="tab-panel">/g) ?? []).length, 2);
    assert.match(html, /<p>Some <strong>text<\/strong>.<\/p>/);
    assert.doesNotMatch(html, /&lt;Tab|<Tab/);
    assert.deepEqual(env.warnings ?? [], []);
  });

  test('in .mdx, a <Tab> may indent its fences by four spaces (MDX has no indented code)', async () => {
    const md =
      '<Tabs>\n  <Tab label="CLI">\n    ```bash\n    npx rstest\n    ```\n  </Tab>\n  <Tab label="config">\n    ```ts\n    import { defineConfig } from \'@rstest/core\';\n\n    export default defineConfig({});\n    ```\n\n  </Tab>\n</Tabs>\n';
    const { html } = await renderMarkdown(md, { mdx: true });
    assert.equal((html.match(/<div class="code-block"/g) ?? []).length, 2);
    assert.doesNotMatch(html, /<pre><code>/, 'no indented code block');
  });

  test('in .mdx, an HTML wrapper with JSX attributes holds Markdown (style objects and className converted)', async () => {
    const md =
      "<div style={{ display: 'flex', gap: '1rem' }}>\n  <div className=\"col\">\n    ```ts\n    import { sum } from './sum';\n    ```\n\n</div>\n</div>\n";
    const { html } = await renderMarkdown(md, { mdx: true });
    assert.match(html, /^<div style="display:flex;gap:1rem">\n<div class="col">\n<div class="code-block"/);
    assert.match(html, /<\/div>\n<\/div>\n$/);
  });

  test('<PackageManagerTabs> becomes package-manager tabs (command, dlx, or one command per manager)', async () => {
    const { html } = await renderMarkdown('<PackageManagerTabs command="add @rstest/core -D" />\n');
    assert.match(html, /<pm-tabs group="pm">/);
    assert.match(html, /npm<\/span><span class="sk-string"> install<\/span>/);
    const dlx = await renderMarkdown('<PackageManagerTabs\n  command="skills add x"\n  dlx\n/>\n');
    assert.match(dlx.html, /pnpm<\/span><span class="sk-string"> dlx/);
    assert.match(dlx.html, /bunx/);
    assert.deepEqual(derivePmCommands('npm: npm i a\nyarn: yarn add a'), {
      npm: 'npm i a',
      yarn: 'yarn add a',
      pnpm: 'pnpm add a',
      bun: 'bun add a',
    });
    const tag = readJsxTag("<PackageManagerTabs command={{ npm: 'npm i a', bun: 'bun add a' }} />")!;
    assert.deepEqual(tag.attrs.command, { npm: 'npm i a', bun: 'bun add a' });
  });

  test('import/export lines are removed; unknown components are left out with a warning (file:line), their text kept', async () => {
    const md =
      'import { Tab, Tabs } from \'@theme\';\nimport { ApiMeta } from \'@components/ApiMeta\';\nexport const x = 1;\n\n# Title\n\n<ApiMeta addedVersion="1.0" />\n\n<Callout type="x">\nInner **text** stays.\n</Callout>\n\nInline <Badge text="new" /> tag.\n\n{/* a comment */}\n';
    const { html, env } = await renderMarkdown(md, { lineOffset: 3 });
    assert.doesNotMatch(html, /import|export|ApiMeta|Badge|Callout|comment/);
    assert.match(html, /Inner <strong>text<\/strong> stays./);
    assert.match(html, /<p>Inline {2}tag.<\/p>/);
    const warnings = (env.warnings ?? []).map((w) => `${w.line}: ${w.message}`);
    assert.deepEqual(warnings, [
      "5: import line removed: import { ApiMeta } from '@components/ApiMeta';",
      '6: export line removed: export const x = 1;',
      '10: <ApiMeta> is not a component this site can render: left out (<ApiMeta addedVersion="1.0" />)',
      '12: <Callout> is not a component this site can render: left out (<Callout type="x">)',
      '16: <Badge> is not a component this site can render: left out',
    ]);
  });

  test('shiki notation comments mark lines and disappear', async () => {
    const md =
      '```ts\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\nconst c = 3; // [!code highlight]\nconst d = 4; // [!code focus]\nconst e = 5; // [!code error]\n```\n';
    const { html } = await renderMarkdown(md);
    assert.match(html, /class="line diff add"/);
    assert.match(html, /class="line diff remove"/);
    assert.match(html, /class="line highlighted"/);
    assert.match(html, /class="line focused"/);
    assert.match(html, /class="line highlighted error"/);
    assert.match(html, /class="shiki has-focused"|class="shiki[^"]*has-focused/);
    assert.doesNotMatch(html, /\[!code/);
  });

  test('[[toc]] lists the page headings (depths 2–3)', async () => {
    const { html } = await renderMarkdown('[[toc]]\n\n## One\n\n### Two\n\n#### Three\n\n## Four\n');
    assert.match(
      html,
      /<nav class="table-of-contents"><ul><li><a href="#one">One<\/a><ul><li><a href="#two">Two<\/a><\/li><\/ul><\/li><li><a href="#four">Four<\/a><\/li><\/ul><\/nav>/,
    );
  });

  test('with github ids the H1 takes part in numbering repeated headings (as on GitHub and Rspress)', async () => {
    const { html } = await renderMarkdown('# test\n\n## test\n\n## test\n', { headingIds: 'github' });
    assert.match(html, /<h1 id="test">test<\/h1>/);
    assert.match(html, /<h2 id="test-1">/);
    assert.match(html, /<h2 id="test-2">/);
  });

  test('heading ids follow github-slugger (GitHub, Rspress), or the compact rule', () => {
    assert.equal(slugifiers.github('Config / options'), 'config--options');
    assert.equal(slugifiers.github('What’s new in 1.0?'), 'whats-new-in-10');
    assert.equal(slugifiers.github('配置文件'), '配置文件');
    assert.equal(slugifiers.compact('Config / options'), 'config-options');
  });
});

describe('the Rspress fixture, built', () => {
  let out: string;
  let result: CliResult;
  before(async () => {
    out = tempDir('rspress-out');
    result = await cliBuild(fixtureConfig('rspress'), out);
  });
  const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

  test('builds, with warnings that name file and line', () => {
    assert.equal(result.code, 0, result.output);
    assert.match(
      result.output,
      /content\/en\/guide\/index\.mdx:\d+: <ApiMeta> is not a component this site can render/,
    );
    assert.match(result.output, /content\/en\/guide\/index\.mdx:\d+: import line removed: import \{ ApiMeta \}/);
    assert.match(result.output, /content\/en\/guide\/more\/other\.md:1: the page has no front-matter description/);
    assert.doesNotMatch(
      result.output,
      /import \{ Tab, Tabs, PackageManagerTabs \} from '@theme'/,
      'mapped components need no warning',
    );
  });

  test('an .mdx page renders every form, nothing raw left visible', () => {
    const html = read('guide/index.html');
    for (const raw of [
      /&lt;[A-Z]/,
      /<(Tabs|Tab|ApiMeta|Badge|Part|PackageManagerTabs)\b/,
      /:::/,
      /\[!(NOTE|TIP|WARNING)/,
      /^import /m,
      /\[\[toc\]\]/,
      /\[!code/,
    ]) {
      assert.doesNotMatch(html, raw);
    }
    assert.match(html, /callout-note/);
    assert.match(html, /callout-caution"><p class="callout-title">Mind the gap/);
    assert.match(html, /callout-tip"><p class="callout-title">Faster runs/);
    assert.match(html, /code-group mdx-tabs/);
    assert.match(html, /<pm-tabs group="pm">/);
    assert.match(html, /line diff add/);
    assert.match(html, /<nav class="table-of-contents">/);
    assert.match(html, /Shared partial text./);
  });

  test('outline: deep lists headings down to depth 5', () => {
    const outline = /<aside class="outline"[\s\S]*?<\/aside>/.exec(read('guide/index.html'))?.[0] ?? '';
    assert.match(outline, /Deepest heading/);
  });

  test('the title comes from the first heading when front matter has none', () => {
    assert.match(read('guide/more/other.html'), /<title>Other page en - Rspress fixture<\/title>/);
    assert.match(read('zh/guide/more/other.html'), /<title>Other page zh - Rspress fixture<\/title>/);
  });

  test('the sidebar comes from _meta.json; the partial is no page', () => {
    const sidebar =
      /<nav[^>]*id="sidebar"[\s\S]*?<\/nav>|<aside[^>]*id="sidebar"[\s\S]*?<\/aside>/.exec(
        read('guide/index.html'),
      )?.[0] ?? '';
    assert.match(sidebar, /href="\/guide\/"[^>]*>Forms</);
    assert.match(sidebar, /More/);
    assert.match(sidebar, /href="\/guide\/more\/other"[^>]*>Other page en</);
    assert.match(read('zh/guide/index.html'), /href="\/zh\/guide\/more\/other"/);
    assert.equal(fs.existsSync(path.join(out, 'guide/shared/part.html')), false);
  });

  test('a co-located image is copied with the page', () => {
    const src = /<img src="([^"]+)" alt="A pixel"/.exec(read('guide/index.html'))?.[1];
    assert.match(src ?? '', /^\/static\/image\/pixel\.[0-9a-f]{8}\.png$/);
    assert.ok(fs.existsSync(path.join(out, src!)), `${src} is in the site`);
  });

  test('an anchor written as github-slugger makes it resolves', () => {
    assert.match(read('guide/index.html'), /href="\/guide\/more\/other#second-part"/);
    assert.match(read('guide/index.html'), /id="callouts--alerts"/);
  });
});

describe('npm run check:migration', () => {
  test('counts the pages that render cleanly and names why the others do not', async () => {
    const { renderFailures } = await import('../../scripts/check-migration.ts');
    assert.deepEqual(renderFailures('<p>Fine <code>&lt;Tabs&gt;</code></p><pre>import x from "y"</pre>'), []);
    assert.deepEqual(renderFailures('<p>import { A } from "b";</p>'), ['raw import/export line visible']);
    assert.deepEqual(renderFailures('<p>&lt;Tabs&gt;</p>'), ['raw <Component> visible']);
    assert.deepEqual(renderFailures('<p>:::tip</p>'), ['raw ::: container visible']);
    assert.deepEqual(renderFailures('<p>[!NOTE]</p>'), ['raw [!ALERT] visible']);
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/check-migration.ts',
        path.join(import.meta.dirname, '../fixtures/sites/rspress/content'),
      ],
      { encoding: 'utf8', cwd: path.join(import.meta.dirname, '../..') },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /6 of 6 pages render cleanly: 100\.0 %/);
    assert.match(run.stdout, /<ApiMeta> is not a component this site can render/);
  });
});
