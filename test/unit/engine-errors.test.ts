// Build errors: each test copies the tiny `errors` fixture, breaks one thing, and checks the problem the
// author gets (file, line, message, fix). Then the CLI build of a copy broken every way at once must exit
// non-zero and print each problem as `file:line: message`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  addFrontMatter,
  appendLines,
  buildModel,
  buildProblems,
  cliBuild,
  edit,
  errorsSiteCopy,
  type FixtureSite,
  filesUnder,
  lineContaining,
  onlyProblem,
  tempDir,
} from '../fixtures/sites/support.ts';

// The breakages, each applied to a fresh copy in its own test and all together for the CLI run.
const breakages = {
  deadLink: (site: FixtureSite) =>
    appendLines(site.file('en/guide/a.md'), 'See [the missing page](/guide/missing) for more.'),
  deadLinkZh: (site: FixtureSite) => appendLines(site.file('zh/guide/a.md'), '见[不存在的页面](../guide/missing)。'),
  deadAnchor: (site: FixtureSite) => appendLines(site.file('en/guide/a.md'), 'Read [nowhere](/guide/#nowhere).'),
  // No blank line before it: the link is on the second line of a paragraph, and that line is reported.
  deadLocalAnchor: (site: FixtureSite) => appendLines(site.file('zh/guide/index.md'), '见[本页](#nope)。'),
  badYaml: (site: FixtureSite) => {
    edit(site.file('en/guide/index.md'), (t) => t.replace('title: Guide (en)', 'title: Guide: the start'));
    return lineContaining(site.file('en/guide/index.md'), 'title: Guide: the start');
  },
  wrongType: (site: FixtureSite) => {
    addFrontMatter(site.file('zh/guide/a.md'), 'sidebar: "no"');
    return lineContaining(site.file('zh/guide/a.md'), 'sidebar: "no"');
  },
  unknownField: (site: FixtureSite) => {
    addFrontMatter(site.file('en/guide/a.md'), 'colour: red');
    return lineContaining(site.file('en/guide/a.md'), 'colour: red');
  },
  badPageType: (site: FixtureSite) => {
    addFrontMatter(site.file('zh/guide/index.md'), 'pageType: landing');
    return lineContaining(site.file('zh/guide/index.md'), 'pageType: landing');
  },
  enOnly: (site: FixtureSite) =>
    fs.writeFileSync(site.file('en/guide/only-en.md'), '---\ntitle: Only en\ndescription: d\n---\n\nText.\n'),
  zhOnly: (site: FixtureSite) =>
    fs.writeFileSync(site.file('zh/guide/only-zh.md'), '---\ntitle: 只有中文\ndescription: d\n---\n\n正文。\n'),
  sidebarGhost: (site: FixtureSite) => {
    edit(site.config, (t) =>
      t.replace("{ link: '/guide/a' }", "{ link: '/guide/a' },\n            { link: '/guide/ghost' }"),
    );
    return lineContaining(site.config, "'/guide/ghost'");
  },
  badPm: (site: FixtureSite) => appendLines(site.file('en/guide/a.md'), '\n```pm\nnpm audit fix\n```'),
  // Issue 14: mistakes the build used to ship silently. Those that change how the rest of a page parses get a
  // page of their own (in both languages), so that they do not hide the others.
  unclosedTip: (site: FixtureSite) =>
    pagePair(site, 'tip', 'Intro.\n\n:::tip\nNever closed.\n\n## Later\n\nSwallowed.'),
  unclosedCodeGroup: (site: FixtureSite) =>
    pagePair(
      site,
      'tabs',
      '::: code-group\n```ts title="a.ts"\nexport {};\n```\n\n## Later\n\n```ts title="b.ts"\nexport {};\n```',
    ),
  explicitIdTaken: (site: FixtureSite) => pagePair(site, 'ids', '## Alpha\n\nText.\n\n## Beta {#alpha}'),
  missingImage: (site: FixtureSite) => appendLines(site.file('en/guide/a.md'), '\n![A diagram](/img/missing.png)'),
  htmlDeadLink: (site: FixtureSite) =>
    appendLines(site.file('zh/guide/a.md'), '\n<p>见 <a href="/guide/nowhere">别处</a>。</p>'),
  htmlMissingImage: (site: FixtureSite) =>
    appendLines(site.file('zh/guide/a.md'), '\n<img src="./shot.png" alt="截图">'),
  malformedEscape: (site: FixtureSite) => appendLines(site.file('en/guide/a.md'), '\nSee [this](#%E0%A4%A).'),
  deadLinkInTitle: (site: FixtureSite) =>
    appendLines(site.file('zh/guide/a.md'), '\n:::warning 见[不存在](/guide/gone)\n正文。\n:::'),
  unclosedQuote: (site: FixtureSite) => {
    pagePair(site, 'quote', 'Text.');
    edit(site.file('en/guide/quote.md'), (t) => t.replace('title: quote (en)', 'title: "quote (en)'));
    return lineContaining(site.file('en/guide/quote.md'), 'title: "quote');
  },
  unclosedBracket: (site: FixtureSite) => {
    pagePair(site, 'bracket', 'Text.');
    edit(site.file('en/guide/bracket.md'), (t) => t.replace('title: bracket (en)', 'title: [bracket (en)'));
    return lineContaining(site.file('en/guide/bracket.md'), 'title: [bracket');
  },
};

/** Writes `guide/<name>.md` in both languages (valid in zh) and returns the line of the body's first line in en. */
function pagePair(site: FixtureSite, name: string, body: string): number {
  const head = (lang: string) => `---\ntitle: ${name} (${lang})\ndescription: The ${name} page.\n---\n\n`;
  fs.writeFileSync(site.file(`en/guide/${name}.md`), `${head('en')}${body}\n`);
  fs.writeFileSync(site.file(`zh/guide/${name}.md`), `${head('zh')}正文。\n`);
  return head('en').split('\n').length;
}

describe('build errors (one breakage each)', () => {
  test('the unbroken fixture builds', async () => {
    const site = errorsSiteCopy();
    const model = await buildModel(site.config);
    assert.ok(model.pages.some((p) => p.route === '/zh/guide/a'));
  });

  test('a dead internal link: file, line, "dead link", the route it looked for', async () => {
    const site = errorsSiteCopy();
    const line = breakages.deadLink(site);
    const problem = onlyProblem(await buildProblems(site.config), /dead link/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.equal(problem.message, 'dead link "/guide/missing": no page has the route /guide/missing');
    assert.match(problem.fix, /point the link at an existing page .*or create the page/);
  });

  test('a dead relative link on a zh page names the /zh route', async () => {
    const site = errorsSiteCopy();
    const line = breakages.deadLinkZh(site);
    const problem = onlyProblem(await buildProblems(site.config), /dead link/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/a.md'), line]);
    assert.match(problem.message, /no page has the route \/zh\/guide\/missing$/);
  });

  test('a dead anchor on another page lists the ids it has', async () => {
    const site = errorsSiteCopy();
    const line = breakages.deadAnchor(site);
    const problem = onlyProblem(await buildProblems(site.config), /dead anchor/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.equal(problem.message, 'dead anchor "/guide/#nowhere": /guide/ has no heading with id "nowhere"');
    assert.match(problem.fix, /use one of its ids \(guide-en, setup\), or give the heading \{#nowhere\}/);
  });

  test('a dead same-page anchor', async () => {
    const site = errorsSiteCopy();
    const line = breakages.deadLocalAnchor(site);
    const problem = onlyProblem(await buildProblems(site.config), /dead anchor/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/index.md'), line]);
    assert.match(problem.message, /"#nope": \/zh\/guide\/ has no heading with id "nope"/);
  });

  test('front matter that is not valid YAML: the line of the mistake', async () => {
    const site = errorsSiteCopy();
    const line = breakages.badYaml(site);
    const problem = onlyProblem(await buildProblems(site.config), /not valid YAML/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/index.md'), line]);
    assert.match(
      problem.message,
      /^front matter is not valid YAML: Nested mappings are not allowed in compact mappings$/,
    );
    assert.match(problem.fix, /quote values that contain ":"/);
  });

  test('a front-matter field of the wrong type (sidebar: "no")', async () => {
    const site = errorsSiteCopy();
    const line = breakages.wrongType(site);
    const problem = onlyProblem(await buildProblems(site.config), /"sidebar"/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/a.md'), line]);
    assert.equal(problem.message, 'front-matter field "sidebar" must be true or false');
    assert.equal(problem.fix, 'correct the value of sidebar');
  });

  test('an unknown front-matter field lists the known ones', async () => {
    const site = errorsSiteCopy();
    const line = breakages.unknownField(site);
    const problem = onlyProblem(await buildProblems(site.config), /unknown front-matter field/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.equal(problem.message, 'unknown front-matter field "colour"');
    assert.match(problem.fix, /^use one of: title, titleSuffix, description, .*pageType/);
  });

  test('a blog post whose date is not a YYYY-MM-DD day, or whose author has a bad GitHub name', async () => {
    const site = errorsSiteCopy();
    addFrontMatter(site.file('en/guide/a.md'), 'date: 2026-02-30\nauthors:\n  - name: Ada\n    github: ada/lovelace');
    addFrontMatter(site.file('zh/guide/a.md'), 'date: July 6, 2026');
    const problems = await buildProblems(site.config);
    const dates = problems.filter((p) => /"date"/.test(p.message));
    assert.deepEqual(
      dates.map((p) => [p.file, p.line, p.message, p.fix]),
      [site.file('en/guide/a.md'), site.file('zh/guide/a.md')].map((file) => [
        file,
        lineContaining(file, 'date:'),
        'front-matter field "date" must be a day written YYYY-MM-DD',
        'write the day as date: 2026-07-06 (year-month-day)',
      ]),
    );
    const author = onlyProblem(problems, /"authors/);
    assert.deepEqual(
      [author.file, author.line],
      [site.file('en/guide/a.md'), lineContaining(site.file('en/guide/a.md'), 'github: ada')],
    );
    assert.equal(
      author.message,
      'front-matter field "authors[0].github" must be a GitHub user name (letters, digits, hyphens)',
    );
  });

  test('a pageType that does not exist', async () => {
    const site = errorsSiteCopy();
    const line = breakages.badPageType(site);
    const problem = onlyProblem(await buildProblems(site.config), /"pageType"/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/index.md'), line]);
    assert.equal(problem.message, 'front-matter field "pageType" must be one of home, doc, 404, custom, blank');
  });

  test('a page without title or description takes its title from the # heading, with a warning', async () => {
    const site = errorsSiteCopy();
    edit(site.file('en/guide/a.md'), (t) =>
      t.replace('title: Page A (en)\n', '').replace('description: Page A (en).\n', ''),
    );
    const model = await buildModel(site.config);
    const page = model.pages.find((p) => p.file === site.file('en/guide/a.md'))!;
    assert.equal(page.data.title, 'Page A (en)');
    const warning = model.warnings.find((w) => /no front-matter description/.test(w.message));
    assert.equal(warning?.file, site.file('en/guide/a.md'));
    assert.match(warning!.fix, /add `description: /);
  });

  test('a page with a title and no description, or with neither title nor heading', async () => {
    const site = errorsSiteCopy();
    edit(site.file('en/guide/a.md'), (t) => t.replace('description: Page A (en).\n', ''));
    edit(site.file('zh/guide/a.md'), (t) => t.replace(/^title: .*\n/m, '').replace(/^# .*$/m, 'No heading.'));
    const problems = await buildProblems(site.config);
    assert.equal(onlyProblem(problems, /no front-matter description/).file, site.file('en/guide/a.md'));
    const untitled = onlyProblem(problems, /has no title/);
    assert.equal(untitled.file, site.file('zh/guide/a.md'));
    assert.match(untitled.fix, /`# Title` heading/);
  });

  test('an empty title, or one that is not text, says what to write (issue 42)', async () => {
    const site = errorsSiteCopy();
    edit(site.file('en/guide/a.md'), (t) => t.replace('title: Page A (en)', 'title:'));
    edit(site.file('zh/guide/a.md'), (t) => t.replace(/^title: .*$/m, 'title: 2024'));
    edit(site.file('en/guide/index.md'), (t) => t.replace(/^title: .*$/m, 'title: ""'));
    const problems = (await buildProblems(site.config)).filter((p) => /"title"/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [path.relative(site.dir, p.file), p.line, p.message, p.fix]),
      [
        [
          'content/en/guide/a.md',
          2,
          'front-matter field "title" is empty',
          'write its text after "title:" (e.g. title: Retry a failing test), or remove the line and start the page with a # Title heading',
        ],
        [
          'content/en/guide/index.md',
          2,
          'front-matter field "title" is empty',
          'write its text after "title:" (e.g. title: Retry a failing test), or remove the line and start the page with a # Title heading',
        ],
        [
          'content/zh/guide/a.md',
          2,
          'front-matter field "title" must be text, not a number',
          'put the text in quotes (e.g. title: "2024"), or remove the line and start the page with a # Title heading',
        ],
      ].sort(),
    );
  });

  test('an en page without a zh counterpart', async () => {
    const site = errorsSiteCopy();
    breakages.enOnly(site);
    const problem = onlyProblem(await buildProblems(site.config), /counterpart/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/only-en.md'), 1]);
    assert.equal(problem.message, 'this page has no 简体中文 (zh) counterpart');
    assert.match(problem.fix, /^create .*content\/zh\/guide\/only-en\.md \(every page exists in every language\)$/);
  });

  test('a zh page without an en counterpart', async () => {
    const site = errorsSiteCopy();
    breakages.zhOnly(site);
    const problem = onlyProblem(await buildProblems(site.config), /counterpart/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/only-zh.md'), 1]);
    assert.equal(problem.message, 'this page has no English (en) counterpart');
    assert.match(problem.fix, /content\/en\/guide\/only-zh\.md/);
  });

  test('a sidebar entry pointing at no page names site.config.ts and the line, once per language', async () => {
    const site = errorsSiteCopy();
    const line = breakages.sidebarGhost(site);
    const problems = (await buildProblems(site.config)).filter((p) => /sidebar entry/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [p.file, p.line, p.message]),
      [
        [site.config, line, 'sidebar entry "/guide/ghost" links to /guide/ghost, and no page has that route'],
        [site.config, line, 'sidebar entry "/guide/ghost" links to /zh/guide/ghost, and no page has that route'],
      ],
    );
    assert.equal(problems[0].fix, 'create the page for /guide/ghost, or correct the link in the sidebar');
  });

  test('a pm block with a command it cannot translate', async () => {
    const site = errorsSiteCopy();
    const line = breakages.badPm(site) + 1;
    const problem = onlyProblem(await buildProblems(site.config), /pm block/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.match(problem.message, /^pm block: "npm audit" has no known yarn\/pnpm\/bun form/);
  });
});

describe('author mistakes that used to ship broken pages (issue 14)', () => {
  test('a :::tip that is never closed: the line that opens it', async () => {
    const site = errorsSiteCopy();
    breakages.unclosedTip(site);
    const problem = onlyProblem(await buildProblems(site.config), /never closed/);
    assert.deepEqual(
      [problem.file, problem.line],
      [site.file('en/guide/tip.md'), lineContaining(site.file('en/guide/tip.md'), ':::tip')],
    );
    assert.equal(problem.message, '":::tip" is never closed, so the rest of the page renders inside it');
    assert.match(problem.fix, /^add a line ":::" where it ends/);
  });

  test('a ::: code-group that is never closed', async () => {
    const site = errorsSiteCopy();
    breakages.unclosedCodeGroup(site);
    const problem = onlyProblem(await buildProblems(site.config), /never closed/);
    assert.deepEqual(
      [problem.file, problem.line],
      [site.file('en/guide/tabs.md'), lineContaining(site.file('en/guide/tabs.md'), '::: code-group')],
    );
    assert.equal(
      problem.message,
      '"::: code-group" is never closed, so every code block after it becomes one of its tabs',
    );
  });

  test('an explicit id that another heading has automatically: the line of the {#id}, naming the other', async () => {
    const site = errorsSiteCopy();
    breakages.explicitIdTaken(site);
    const file = site.file('en/guide/ids.md');
    const problem = onlyProblem(await buildProblems(site.config), /automatic id/);
    assert.deepEqual([problem.file, problem.line], [file, lineContaining(file, '{#alpha}')]);
    assert.equal(
      problem.message,
      `heading id {#alpha} is also the automatic id of the heading "Alpha" on line ${lineContaining(file, '## Alpha')}`,
    );
    assert.match(
      problem.fix,
      /^give this heading another \{#id\}, or the one on line \d+ its own \(## Alpha \{#…\}\)$/,
    );
  });

  test('a missing image, in Markdown and in raw HTML', async () => {
    const site = errorsSiteCopy();
    const md = breakages.missingImage(site) + 1;
    const html = breakages.htmlMissingImage(site) + 1;
    const problems = (await buildProblems(site.config)).filter((p) => /missing image/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [
        p.file,
        p.line,
        p.message.replace(/there is no file .*content\//, 'there is no file content/'),
      ]),
      [
        [
          site.file('en/guide/a.md'),
          md,
          'missing image "/img/missing.png": there is no file content/public/img/missing.png',
        ],
        [
          site.file('zh/guide/a.md'),
          html,
          'missing image "./shot.png": there is no file content/public/guide/shot.png',
        ],
      ],
    );
    assert.match(problems[0].fix, /^put the image in .*public\/ \(a file there is served at its path/);
  });

  test('a dead link in raw HTML is checked like a Markdown one (zh: the /zh route)', async () => {
    const site = errorsSiteCopy();
    const line = breakages.htmlDeadLink(site) + 1;
    const problem = onlyProblem(await buildProblems(site.config), /dead link/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/a.md'), line]);
    assert.equal(problem.message, 'dead link "/guide/nowhere": no page has the route /zh/guide/nowhere');
  });

  test('a malformed %-escape in an anchor is a problem at its line, not a URIError', async () => {
    const site = errorsSiteCopy();
    const line = breakages.malformedEscape(site) + 1;
    const problem = onlyProblem(await buildProblems(site.config), /malformed/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.equal(problem.message, 'link "#%E0%A4%25A" has a malformed %-escape after "#"');
  });

  test('a dead link in a container title is reported at the title line', async () => {
    const site = errorsSiteCopy();
    const line = breakages.deadLinkInTitle(site) + 1;
    const problem = onlyProblem(await buildProblems(site.config), /dead link/);
    assert.deepEqual([problem.file, problem.line], [site.file('zh/guide/a.md'), line]);
  });

  test('an unclosed quote in the front matter: the line of the quote, not the end of the block', async () => {
    const site = errorsSiteCopy();
    const line = breakages.unclosedQuote(site);
    const problem = onlyProblem(await buildProblems(site.config), /not valid YAML/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/quote.md'), line]);
    assert.match(problem.message, /Missing closing "quote$/);
    assert.match(problem.fix, /^close the quote this value opens/);
  });

  test('an unclosed [ in the front matter: the line of the bracket, not of the next key', async () => {
    const site = errorsSiteCopy();
    const line = breakages.unclosedBracket(site);
    const problem = onlyProblem(await buildProblems(site.config), /not valid YAML/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/bracket.md'), line]);
    assert.match(problem.message, /Flow sequence in block collection must be sufficiently indented and end with a \]$/);
  });

  test('a UTF-8 byte order mark does not hide the front matter', async () => {
    const site = errorsSiteCopy();
    edit(site.file('en/guide/a.md'), (t) => `\uFEFF${t}`);
    const model = await buildModel(site.config);
    assert.equal(model.pages.find((p) => p.route === '/guide/a')?.data.title, 'Page A (en)');
  });

  test('a file in a language folder that is not Markdown is a warning (the pages are still right)', async () => {
    const site = errorsSiteCopy();
    fs.writeFileSync(site.file('en/guide/diagram.png'), 'png');
    fs.writeFileSync(site.file('en/guide/.DS_Store'), '');
    const model = await buildModel(site.config);
    assert.deepEqual(
      model.warnings.map((w) => [w.file, w.line, w.message]),
      [
        [
          site.file('en/guide/diagram.png'),
          undefined,
          'not a Markdown page, so not published (of en/, only pages, _meta.json and the images pages use are)',
        ],
      ],
    );
    assert.match(model.warnings[0].fix, /^move it to .*public\/ \(served as is/);
  });
});

describe('the CLI build', () => {
  test('exits non-zero and prints every problem as file:line: with its fix', async () => {
    const site = errorsSiteCopy();
    for (const breakIt of Object.values(breakages)) breakIt(site);
    fs.writeFileSync(site.file('en/guide/notes.txt'), 'not a page');
    // An earlier build's output: a failing build leaves it exactly as it was.
    const out = tempDir('cli-out');
    fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html>earlier build');
    const { code, output } = await cliBuild(site.config, out);
    assert.equal(code, 1, output);
    // [file relative to the site, text on the reported line, start of the message]
    const expected: [string, string | null, string][] = [
      ['content/en/guide/a.md', '(/guide/missing)', 'dead link "/guide/missing"'],
      ['content/zh/guide/a.md', '(../guide/missing)', 'dead link "../guide/missing"'],
      ['content/en/guide/a.md', '(/guide/#nowhere)', 'dead anchor "/guide/#nowhere"'],
      ['content/zh/guide/index.md', '(#nope)', 'dead anchor "#nope"'],
      ['content/en/guide/index.md', 'title: Guide: the start', 'front matter is not valid YAML'],
      ['content/zh/guide/a.md', 'sidebar: "no"', 'front-matter field "sidebar" must be true or false'],
      ['content/en/guide/a.md', 'colour: red', 'unknown front-matter field "colour"'],
      ['content/zh/guide/index.md', 'pageType: landing', 'front-matter field "pageType" must be one of'],
      ['content/en/guide/only-en.md', null, 'this page has no 简体中文 (zh) counterpart'],
      ['content/zh/guide/only-zh.md', null, 'this page has no English (en) counterpart'],
      ['site.config.ts', "'/guide/ghost'", 'sidebar entry "/guide/ghost" links to /guide/ghost'],
      ['content/en/guide/a.md', '```pm', 'pm block: "npm audit" has no known'],
      ['content/en/guide/tip.md', ':::tip', '":::tip" is never closed'],
      ['content/en/guide/tabs.md', '::: code-group', '"::: code-group" is never closed'],
      ['content/en/guide/ids.md', '{#alpha}', 'heading id {#alpha} is also the automatic id'],
      ['content/en/guide/a.md', '/img/missing.png', 'missing image "/img/missing.png"'],
      ['content/zh/guide/a.md', '/guide/nowhere', 'dead link "/guide/nowhere"'],
      ['content/zh/guide/a.md', './shot.png', 'missing image "./shot.png"'],
      ['content/en/guide/a.md', '#%E0%A4%A', 'link "#%E0%A4%25A" has a malformed %-escape'],
      ['content/zh/guide/a.md', '/guide/gone', 'dead link "/guide/gone"'],
      ['content/en/guide/quote.md', 'title: "quote', 'front matter is not valid YAML'],
    ];
    for (const [file, needle, message] of expected) {
      const line = needle ? lineContaining(path.join(site.dir, file), needle) : 1;
      assert.ok(
        output.includes(`${file}:${line}: ${message}`),
        `the output has "${file}:${line}: ${message}"\n${output}`,
      );
    }
    assert.match(output, /\d+ problems in the docs:/);
    assert.match(output, /\n {4}fix: create the page for \/guide\/ghost, or correct the link in the sidebar\n/);
    assert.match(
      output,
      /\d+ warnings? in the docs:\n(?:.*\n)*?content\/en\/guide\/notes\.txt: not a Markdown page, so not published/,
    );
    assert.doesNotMatch(output, /URIError|\n\s+at /, 'no stack trace');
    // Only the author's problems: nothing about a template the author never touched (issue 42).
    assert.doesNotMatch(output, /docs-404|Having trouble|listed above|\[11ty\]/);
    assert.deepEqual(filesUnder(out), ['index.html'], 'nothing is written');
    assert.equal(fs.readFileSync(path.join(out, 'index.html'), 'utf8'), '<!doctype html>earlier build');
  });
});
