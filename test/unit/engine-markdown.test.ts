// The Markdown pipeline, plugin by plugin: heading ids, permalinks and toc; callouts; code blocks (title, line
// marks, line numbers, controls, shiki classes); code-group tabs; links and images.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFenceInfo } from '../../lib/markdown/code.ts';
import { slugify } from '../../lib/markdown/headings.ts';
import { renderMarkdown } from '../fixtures/sites/support.ts';

/** What a reader sees: the text without tags, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&amp;/g, '&');

/** The opening tag of the first element matching `tag` whose attributes contain `needle`. */
const openTag = (html: string, tag: string, needle = '') =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((m) => m[0]).find((t) => t.includes(needle));

describe('headings', () => {
  test('ids are slugs of the heading text', async () => {
    const { html } = await renderMarkdown('## Config file\n\n## Hello, World!\n\n### The `retry` option');
    assert.match(html, /<h2 id="config-file">Config file/);
    assert.match(html, /<h2 id="hello-world">Hello, World!/);
    assert.match(html, /<h3 id="the-retry-option">The <code>retry<\/code> option/);
  });

  test('Chinese headings keep their characters in the id', async () => {
    const { html, env } = await renderMarkdown('## 配置文件\n\n## 快速 上手', { lang: 'zh' });
    assert.match(html, /<h2 id="配置文件">/);
    assert.deepEqual(env.ids, ['配置文件', '快速-上手']);
    assert.equal(
      slugify('  Ｒｓｔｅｓｔ 配置！'),
      'rstest-配置',
      'full-width forms are normalized, punctuation dropped',
    );
  });

  test('{#custom} sets the id and disappears from the text', async () => {
    const { html, env } = await renderMarkdown('## 配置文件 {#config-file}\n\n## Options {#opts}', { lang: 'zh' });
    assert.match(html, /<h2 id="config-file">配置文件<a /);
    assert.match(html, /<h2 id="opts">Options<a /);
    assert.doesNotMatch(textOf(html), /\{#/);
    assert.deepEqual(
      env.toc.map((t) => [t.id, t.text]),
      [
        ['config-file', '配置文件'],
        ['opts', 'Options'],
      ],
    );
  });

  test('a repeated heading gets -1, -2 after its slug', async () => {
    const { env } = await renderMarkdown('## Example\n\n## Example\n\n## Example');
    assert.deepEqual(env.ids, ['example', 'example-1', 'example-2']);
  });

  test('explicit ids are taken first: an automatic id never takes their slot', async () => {
    const { env } = await renderMarkdown('## Commands\n\n## Commands\n\n## Run {#commands-1}');
    assert.deepEqual(env.ids, ['commands', 'commands-2', 'commands-1']);
    assert.deepEqual(env.problems, []);
  });

  test("an explicit id that is also another heading's automatic id is a problem, whichever comes first", async () => {
    for (const source of ['## Alpha\n\n## Beta {#alpha}', '## Beta {#alpha}\n\n## Alpha']) {
      const { env } = await renderMarkdown(source);
      assert.equal(env.problems.length, 1, source);
      assert.match(
        env.problems[0].message,
        /^heading id \{#alpha\} is also the automatic id of the heading "Alpha" on line \d$/,
      );
      assert.equal(env.problems[0].line, source.split('\n').findIndex((l) => l.includes('{#alpha}')) + 1);
      assert.ok(env.ids.includes('alpha') && new Set(env.ids).size === 2, 'ids stay unique meanwhile');
    }
  });

  test('the same {#id} twice is a build problem naming both lines', async () => {
    const { env } = await renderMarkdown('# Page\n\n## One {#same}\n\n## Two {#same}', { lineOffset: 4 });
    assert.equal(env.problems.length, 1);
    const [problem] = env.problems;
    assert.equal(problem.line, 9);
    assert.match(problem.message, /heading id "#same" is used twice \(first on line 7\)/);
    assert.match(problem.fix, /another \{#id\}/);
  });

  test('each H2–H6 gets a permalink anchor with an accessible name', async () => {
    const en = await renderMarkdown('## Config file\n\n###### Deep');
    assert.match(
      en.html,
      /<a class="header-anchor" href="#config-file" aria-label="Permalink to “Config file”">#<\/a><\/h2>/,
    );
    assert.match(en.html, /<h6 id="deep">Deep<a class="header-anchor" href="#deep"/);
    const zh = await renderMarkdown('## 配置文件 {#config-file}', { lang: 'zh' });
    assert.match(zh.html, /<a class="header-anchor" href="#config-file" aria-label="链接到 “配置文件”">#<\/a>/);
  });

  test('the H1 is the heading title and gets no permalink', async () => {
    const { html, env } = await renderMarkdown('# Quick *start*\n\n## Next');
    assert.equal(env.headingTitle, 'Quick start');
    assert.match(html, /<h1>Quick <em>start<\/em><\/h1>/);
  });

  test('the toc holds depths 2–4, each charIndex pointing at its heading in the source', async () => {
    const source =
      '# Title\n\nIntro.\n\n## Two\n\ntext\n\n### Three {#three}\n\n#### Four\n\n##### Five\n\n###### Six\n\n## Two again\n';
    const { env } = await renderMarkdown(source);
    assert.deepEqual(
      env.toc.map((t) => [t.depth, t.id, t.text]),
      [
        [2, 'two', 'Two'],
        [3, 'three', 'Three'],
        [4, 'four', 'Four'],
        [2, 'two-again', 'Two again'],
      ],
    );
    for (const entry of env.toc) {
      assert.ok(
        source.slice(entry.charIndex).startsWith(`${'#'.repeat(entry.depth)} ${entry.text}`),
        `charIndex of ${entry.id}`,
      );
    }
    assert.deepEqual(
      env.ids,
      ['two', 'three', 'four', 'five', 'six', 'two-again'],
      'every id is known to the anchor check',
    );
  });
});

describe('callouts', () => {
  const kinds = ['tip', 'info', 'warning', 'danger'] as const;
  const en = { tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };
  const zh = { tip: '提示', info: '信息', warning: '注意', danger: '警告' };

  test('tip / info / warning / danger have localized default titles (en and zh)', async () => {
    for (const kind of kinds) {
      const source = `:::${kind}\nBody with **bold**.\n:::`;
      const english = await renderMarkdown(source);
      assert.match(
        english.html,
        new RegExp(`<div class="callout callout-${kind}"><p class="callout-title">${en[kind]}</p>`),
      );
      assert.match(english.html, /<p>Body with <strong>bold<\/strong>.<\/p>\n<\/div>/);
      const chinese = await renderMarkdown(source, { lang: 'zh' });
      assert.match(chinese.html, new RegExp(`<p class="callout-title">${zh[kind]}</p>`));
    }
  });

  test('a custom title replaces the default and may hold inline Markdown', async () => {
    const { html } = await renderMarkdown(':::warning Mind the `retry` value\nText.\n:::', { lang: 'zh' });
    assert.match(html, /<p class="callout-title">Mind the <code>retry<\/code> value<\/p>/);
    assert.doesNotMatch(html, /注意/);
  });

  test('details is a native, collapsed <details> with a localized summary', async () => {
    const en = await renderMarkdown(':::details\nHidden.\n:::');
    assert.match(
      en.html,
      /<details class="callout callout-details"><summary>Details<\/summary>\n<p>Hidden.<\/p>\n<\/details>/,
    );
    assert.doesNotMatch(en.html, /<details[^>]* open/);
    const zh = await renderMarkdown(':::details\n隐藏。\n:::', { lang: 'zh' });
    assert.match(zh.html, /<summary>详细信息<\/summary>/);
    const custom = await renderMarkdown(':::details Show the output\nHidden.\n:::');
    assert.match(custom.html, /<summary>Show the output<\/summary>/);
  });
});

describe('container mistakes', () => {
  const problemsOf = async (source: string) =>
    (await renderMarkdown(source)).env.problems.map((p) => `${p.line}: ${p.message}`);

  test('closed containers, nested ones with more colons outside, and containers in lists are fine', async () => {
    assert.deepEqual(
      await problemsOf(
        ':::tip\nok\n:::\n\n::::details\n:::tip\ninner\n:::\n::::\n\n- item\n\n  :::info\n  in a list\n  :::\n',
      ),
      [],
    );
  });

  test('an unclosed container is reported at its opening line, in the page or inside a list or quote', async () => {
    assert.deepEqual(await problemsOf('Intro.\n\n:::danger\nnever closed\n\n## Later'), [
      '3: ":::danger" is never closed, so the rest of the page renders inside it',
    ]);
    assert.deepEqual(await problemsOf('- item\n\n  :::tip\n  in a list\n\n- next'), [
      '3: ":::tip" is never closed, so the rest of the enclosing block renders inside it',
    ]);
    assert.deepEqual(await problemsOf('> :::tip\n> quoted\n\nafter'), [
      '1: ":::tip" is never closed, so the rest of the enclosing block renders inside it',
    ]);
  });

  test('a nested container with as many colons as its parent: the inner one is unclosed, the last ::: stray', async () => {
    assert.deepEqual(await problemsOf(':::details\n:::tip\ninner\n:::\n:::'), [
      '2: ":::tip" is never closed, so the rest of the enclosing block renders inside it',
      '5: ":::" closes no container (it shows as text)',
    ]);
  });

  test('an unknown kind is reported once (its own closer is part of the same mistake)', async () => {
    assert.deepEqual(await problemsOf('Text.\n\n:::notice\nbody\n:::'), [
      '3: ":::notice" is not a container: there is no kind "notice"',
    ]);
  });
});

describe('code blocks', () => {
  const code =
    '```ts title="rstest.config.ts" {1,3-4}\nimport { defineConfig } from \'@rstest/core\';\n\nexport default defineConfig({\n  retry: 2,\n});\n```';

  test('the title shows above the block', async () => {
    const { html } = await renderMarkdown(code);
    assert.match(html, /<div class="code-block" data-lang="ts"><div class="code-title">rstest.config.ts<\/div>/);
  });

  test('{1,3-4} marks lines 1, 3 and 4 as highlighted', async () => {
    const { html } = await renderMarkdown(code);
    const lines = [...html.matchAll(/<span class="line( highlighted)?">/g)].map((m) => Boolean(m[1]));
    assert.deepEqual(lines, [true, false, true, true, false]);
    assert.deepEqual(parseFenceInfo('ts {1, 3-4,7}').lines, [1, 3, 4, 7]);
  });

  test('a no-run="…" reason is not read as flags or line marks', () => {
    const meta = parseFenceInfo('ts title="rstest.config.ts" no-run="the default {1} showLineNumbers title=x"');
    assert.deepEqual(meta, {
      lang: 'ts',
      title: 'rstest.config.ts',
      lines: [],
      lineNumbers: undefined,
      isDefault: false,
    });
  });

  test('a signature marker (test/examples) is not read as a flag or a title', () => {
    assert.deepEqual(parseFenceInfo('ts signature="default title=x"'), {
      lang: 'ts',
      title: undefined,
      lines: [],
      lineNumbers: undefined,
      isDefault: false,
    });
    assert.deepEqual(parseFenceInfo('ts signature {2}').lines, [2]);
    assert.equal(parseFenceInfo('ts title="signature.ts" signature').title, 'signature.ts');
  });

  test('a heredoc ends at its own delimiter, whichever block came before (the thread reuses compiled patterns)', async () => {
    // The end pattern of a heredoc is its opening line's word: a rule compiled for one block must not end another.
    const { html } = await renderMarkdown(
      '```sh\ncat <<EOF\nhello\nEOF\necho one\n```\n\n```sh\ncat <<END\nhello\nEOF\nEND\necho two\n```',
    );
    const second = html.split('<pre')[2];
    assert.match(second, /<span class="sk-string">EOF<\/span>/);
    assert.match(second, /<span>END<\/span><\/span>\n<span class="line"><span class="sk-function">echo<\/span>/);
  });

  test('highlighting is classes only (sk-*), no inline colours, one markup for light and dark', async () => {
    const { html } = await renderMarkdown(code);
    assert.match(html, /<pre class="shiki"/);
    assert.match(html, /<span class="sk-keyword">import<\/span>/);
    assert.match(html, /<span class="sk-string-expression"> '@rstest\/core'<\/span>/);
    assert.match(html, /<span class="sk-function"> defineConfig<\/span>/);
    assert.doesNotMatch(html, /style=|color:/);
    assert.equal(
      textOf(html.match(/<pre[\s\S]*<\/pre>/)![0]),
      "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({\n  retry: 2,\n});",
    );
  });

  test('code text is escaped, and an unknown language still renders as plain text', async () => {
    const { html } = await renderMarkdown('```brainfuck\n<b>&</b>\n```');
    assert.match(html, /data-lang="brainfuck"/);
    assert.doesNotMatch(html, /<b>/);
    assert.equal(textOf(html.match(/<pre[\s\S]*<\/pre>/)![0]), '<b>&</b>');
  });

  test('line numbers are off by default, on with showLineNumbers or the site setting, off again with hideLineNumbers', async () => {
    assert.doesNotMatch((await renderMarkdown('```ts\nlet a;\n```')).html, /line-numbers/);
    assert.match(
      (await renderMarkdown('```ts showLineNumbers\nlet a;\n```')).html,
      /<div class="code-block line-numbers"/,
    );
    assert.match(
      (await renderMarkdown('```ts\nlet a;\n```', { showLineNumbers: true })).html,
      /class="code-block line-numbers"/,
    );
    assert.doesNotMatch(
      (await renderMarkdown('```ts hideLineNumbers\nlet a;\n```', { showLineNumbers: true })).html,
      /line-numbers/,
    );
  });

  test('each block has "Copy code" and "Toggle code wrap" buttons, wrap off, localized', async () => {
    const en = await renderMarkdown('```ts\nlet a;\n```');
    assert.ok(openTag(en.html, 'button', 'code-copy-btn')?.includes('aria-label="Copy code"'));
    const wrap = openTag(en.html, 'button', 'code-wrap-btn')!;
    assert.ok(wrap.includes('aria-label="Toggle code wrap"') && wrap.includes('aria-pressed="false"'));
    const zh = await renderMarkdown('```ts\nlet a;\n```', { lang: 'zh' });
    assert.ok(openTag(zh.html, 'button', 'code-copy-btn')?.includes('aria-label="复制代码"'));
    assert.ok(openTag(zh.html, 'button', 'code-wrap-btn')?.includes('aria-label="切换自动换行"'));
  });

  test('code text is collected for the search index', async () => {
    const { env } = await renderMarkdown('```ts\nlet a = 1;\n```\n\n```pm\nnpm install -D @rstest/core\n```');
    assert.deepEqual(env.codeTexts, ['let a = 1;', 'npm install -D @rstest/core']);
  });
});

describe('code-group tabs', () => {
  const group = (second = '') =>
    `::: code-group\n\`\`\`bash title="CLI"\nnpx rstest --retry 2\n\`\`\`\n\`\`\`ts title="rstest.config.ts"${second}\nexport default { retry: 2 };\n\`\`\`\n:::`;

  test('fences become radio tabs named by their titles; the first is selected', async () => {
    const { html } = await renderMarkdown(group());
    const radios = [...html.matchAll(/<input type="radio" name="([^"]+)" id="([^"]+)" value="\d"( checked)?>/g)];
    assert.equal(radios.length, 2);
    assert.equal(radios[0][1], radios[1][1], 'one radio group');
    assert.deepEqual(
      radios.map((r) => Boolean(r[3])),
      [true, false],
    );
    assert.match(html, new RegExp(`<label for="${radios[0][2]}">CLI</label>`));
    assert.match(html, new RegExp(`<label for="${radios[1][2]}">rstest.config.ts</label>`));
    assert.equal((html.match(/class="code-block"/g) ?? []).length, 2);
  });

  test('`default` in a fence selects its tab instead', async () => {
    const { html } = await renderMarkdown(group(' default'));
    assert.deepEqual(
      [...html.matchAll(/<input [^>]*?( checked)?>/g)].map((m) => Boolean(m[1])),
      [false, true],
    );
  });

  test('two groups on a page do not share a radio name', async () => {
    const { html } = await renderMarkdown(`${group()}\n\n${group()}`);
    const names = new Set([...html.matchAll(/<input type="radio" name="([^"]+)"/g)].map((m) => m[1]));
    assert.equal(names.size, 2);
  });
});

describe('links and images', () => {
  test('an internal link on a zh page gets /zh; with base /docs/ it gets the base too', async () => {
    const en = await renderMarkdown('[retry](/config/test/retry)');
    assert.match(en.html, /<a href="\/config\/test\/retry">retry<\/a>/);
    const zh = await renderMarkdown('[retry](/config/test/retry#example)', { lang: 'zh', base: '/docs/' });
    assert.match(zh.html, /<a href="\/docs\/zh\/config\/test\/retry#example">retry<\/a>/);
    assert.deepEqual(zh.env.links, [
      { href: '/config/test/retry#example', route: '/zh/config/test/retry', hash: 'example', line: 1, kind: 'link' },
    ]);
  });

  test('clean URLs off: internal links end in .html', async () => {
    const { html } = await renderMarkdown('[cli](/guide/basic/cli#options) [start](/guide/start/)', {
      cleanUrls: false,
    });
    assert.match(html, /href="\/guide\/basic\/cli.html#options"/);
    assert.match(html, /href="\/guide\/start\/"/);
  });

  test('relative links resolve against the page route; .md and index are dropped', async () => {
    const folderIndex = await renderMarkdown('[a](./quick-start) [b](../basic/cli.md#opts) [c](features/index.md)', {
      route: '/guide/start/',
      lang: 'zh',
    });
    assert.deepEqual(
      folderIndex.env.links.map((l) => l.route),
      ['/zh/guide/start/quick-start', '/zh/guide/basic/cli', '/zh/guide/start/features/'],
    );
    assert.match(folderIndex.html, /href="\/zh\/guide\/basic\/cli#opts"/);
    const page = await renderMarkdown('[sibling](./other) [up](../api/)', { route: '/guide/page' });
    assert.deepEqual(
      page.env.links.map((l) => l.route),
      ['/guide/other', '/api/'],
    );
  });

  test('external links open in a new tab with rel="noopener noreferrer"; mailto stays as it is', async () => {
    const { html, env } = await renderMarkdown(
      '[Rstest](https://rstest.rs) [proto](//example.com/x) [mail](mailto:a@b.c)',
    );
    assert.match(html, /<a href="https:\/\/rstest.rs" target="_blank" rel="noopener noreferrer">Rstest<\/a>/);
    assert.match(html, /<a href="\/\/example.com\/x" target="_blank" rel="noopener noreferrer">/);
    assert.match(html, /<a href="mailto:a@b.c">mail<\/a>/);
    assert.deepEqual(env.links, [], 'external links are not checked as pages');
  });

  test('a same-page anchor is recorded for the anchor check, with its source line', async () => {
    const { html, env } = await renderMarkdown('## Setup\n\nSee [setup](#setup).', { lineOffset: 3 });
    assert.match(html, /<a href="#setup">setup<\/a>/);
    assert.deepEqual(env.links, [{ href: '#setup', route: '', hash: 'setup', line: 6, kind: 'link' }]);
  });

  test('a link to a static file keeps its path in every language (base only)', async () => {
    const { html, env } = await renderMarkdown('[logo](/logo.svg)', { lang: 'zh', base: '/docs/' });
    assert.match(html, /<a href="\/docs\/logo.svg">logo<\/a>/);
    assert.equal(env.links[0].route, '/logo.svg');
  });

  test('images load lazily and are marked for zoom; local sources get the base', async () => {
    const { html } = await renderMarkdown('![Local](/img/a.png) ![Remote](https://example.com/b.png)', {
      base: '/docs/',
    });
    assert.match(html, /<img src="\/docs\/img\/a.png" alt="Local" loading="lazy" decoding="async" data-zoomable="">/);
    assert.match(
      html,
      /<img src="https:\/\/example.com\/b.png" alt="Remote" loading="lazy" decoding="async" data-zoomable="">/,
    );
  });

  test("a relative image is the page's own file (copied with it, see engine-rspress); an absolute one is recorded for the file check", async () => {
    const { html, env } = await renderMarkdown('![a](./shot.png)\n![b](/img/b.png)', {
      route: '/guide/page',
      lang: 'zh',
      cleanUrls: false,
    });
    assert.match(html, /<img src="\/img\/b.png"/);
    assert.deepEqual(
      env.links.map((l) => [l.kind, l.route, l.line]),
      [['image', '/img/b.png', 2]],
    );
  });

  test('raw HTML links and images are rewritten and recorded like Markdown ones; comments are left alone', async () => {
    const source = [
      '<p>See <a href="/config/test/retry#example" class="x">retry</a>.</p>',
      '<img src="/img/a.png" alt="A">',
      '',
      'Inline <a href=\'../api/\'>api</a> and <a href="https://example.com">out</a> and <a href="https://example.com" rel="me">me</a>.',
      '',
      '<!-- <a href="/nowhere">old</a> -->',
    ].join('\n');
    const { html, env } = await renderMarkdown(source, { lang: 'zh', base: '/docs/', route: '/guide/page' });
    assert.match(html, /<a href="\/docs\/zh\/config\/test\/retry#example" class="x">retry<\/a>/);
    assert.match(html, /<img src="\/docs\/img\/a.png" alt="A">/);
    assert.match(html, /<a href="\/docs\/zh\/api\/">api<\/a>/);
    assert.match(html, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">out<\/a>/);
    assert.match(html, /<a href="https:\/\/example.com" rel="me">me<\/a>/, "the author's rel stays");
    assert.match(html, /<!-- <a href="\/nowhere">old<\/a> -->/);
    assert.deepEqual(
      env.links.map((l) => [l.kind, l.route, l.hash, l.line]),
      [
        ['link', '/zh/config/test/retry', 'example', 1],
        ['image', '/img/a.png', '', 2],
        ['link', '/zh/api/', '', 4],
      ],
    );
  });

  test('a malformed escape after "#" is a problem at its line, not a crash', async () => {
    const { env } = await renderMarkdown('Text.\n\n[x](#%E0%A4%A) and <a href="#%E0%A4%A">y</a>', { lineOffset: 2 });
    assert.deepEqual(
      env.problems.map((p) => [p.line, p.message]),
      [
        // markdown-it has escaped the Markdown link's stray "%"; the raw HTML one is as written.
        [5, 'link "#%E0%A4%25A" has a malformed %-escape after "#"'],
        [5, 'link "#%E0%A4%A" has a malformed %-escape after "#"'],
      ],
    );
    assert.deepEqual(env.links, []);
  });

  test('tables are wrapped so they scroll on their own, and a keyboard can reach the scroll box', async () => {
    const { html } = await renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |');
    assert.match(html, /<div class="table-wrap" tabindex="0"><table>/);
  });
});
