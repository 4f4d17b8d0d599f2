// Hostile and careless input (issue 23): each test copies the tiny `errors` fixture, does what an attacker or a
// careless author would, and checks that the build refuses it with file, line, what and fix (or warns where the
// pages are still right), and that nothing outside the content and public folders is read or published.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { writeSideOutputs } from '../../lib/outputs/index.ts';
import { startHostServer } from '../support/host-server.ts';
import { startStaticServer } from '../support/static-server.ts';
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

/** Writes `guide/<name>.md` in both languages and returns the en file. */
function pagePair(site: FixtureSite, name: string, body: string, frontMatter = ''): string {
  const head = (lang: string) => `---\ntitle: ${name} (${lang})\ndescription: The ${name} page.\n${frontMatter}---\n\n`;
  fs.writeFileSync(site.file(`en/guide/${name}.md`), `${head('en')}${body}\n`);
  fs.writeFileSync(site.file(`zh/guide/${name}.md`), `${head('zh')}正文。\n`);
  return site.file(`en/guide/${name}.md`);
}

/** A file outside the site, standing for a secret of the build machine. */
function outsideSecret(name = 'secret.png'): string {
  const file = path.join(tempDir('outside'), name);
  fs.writeFileSync(file, 'API_TOKEN=hunter2\n');
  return file;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('files the build reads and publishes stay inside the site (issue 23, 1)', () => {
  test('an image path that climbs out of the content folder is an error at its line, and nothing is copied', async () => {
    const site = errorsSiteCopy();
    const line = appendLines(site.file('en/guide/a.md'), '\n![](../../../../../../../../etc/passwd)') + 1;
    const problem = onlyProblem(await buildProblems(site.config), /outside/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.match(problem.message, /^image "\.\.\/\.\.\/.*etc\/passwd" is outside the content folder/);
    assert.match(problem.fix, /put the image (next to the page|in the content folder)/);
  });

  test('an image that is a symlink to a file outside the site is refused', async () => {
    const site = errorsSiteCopy();
    fs.symlinkSync(outsideSecret(), site.file('en/guide/shot.png'));
    const line = appendLines(site.file('en/guide/a.md'), '\n![Shot](./shot.png)') + 1;
    const problems = await buildProblems(site.config);
    // The link itself is a problem of the content folder (content-files.ts); the page's use of it is this one.
    assert.ok(
      problems.some(
        (p) => p.file === site.file('en/guide/shot.png') && /^a link to outside the content folder/.test(p.message),
      ),
    );
    const problem = onlyProblem(problems, /^image .*outside/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), line]);
    assert.match(problem.message, /^image "\.\/shot\.png" is outside the content folder \(it links to .*secret\.png\)/);
  });

  test('an image that is not an image type, by its name or by its bytes', async () => {
    const site = errorsSiteCopy();
    fs.writeFileSync(site.file('en/guide/notes.txt'), 'notes');
    fs.writeFileSync(site.file('en/guide/fake.png'), 'API_TOKEN=hunter2\n');
    fs.writeFileSync(site.file('en/guide/real.png'), PNG);
    const byName = appendLines(site.file('en/guide/a.md'), '\n![Notes](./notes.txt)') + 1;
    const byBytes = appendLines(site.file('en/guide/a.md'), '\n![Fake](./fake.png)\n\n![Real](./real.png)') + 1;
    const problems = (await buildProblems(site.config)).filter((p) => /not an image/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [p.file, p.line, p.message]),
      [
        [site.file('en/guide/a.md'), byName, 'image "./notes.txt" is not an image (.txt)'],
        [
          site.file('en/guide/a.md'),
          byBytes,
          'image "./fake.png" is not an image: its bytes are not those of a .png file',
        ],
      ],
    );
    assert.match(problems[0].fix, /\.png, \.jpg/);
  });

  test('an MDX partial imported from outside the content folder is an error, and is not read', async () => {
    const site = errorsSiteCopy();
    const secret = outsideSecret('secret.md');
    const relative = path.relative(site.file('en/guide'), secret);
    fs.writeFileSync(
      site.file('en/guide/part.mdx'),
      `---\ntitle: Part\ndescription: d\n---\n\nimport Secret from '${relative}';\n\n<Secret />\n`,
    );
    fs.writeFileSync(site.file('zh/guide/part.mdx'), '---\ntitle: Part\ndescription: d\n---\n\n正文。\n');
    const problem = onlyProblem(await buildProblems(site.config), /outside the content folder/);
    assert.deepEqual(
      [problem.file, problem.line],
      [site.file('en/guide/part.mdx'), lineContaining(site.file('en/guide/part.mdx'), '<Secret />')],
    );
    assert.match(problem.message, /^the imported file .*secret\.md is outside the content folder$/);
  });

  test('dotfiles and symlinks out of content/public are not published, and a warning names them', async () => {
    const site = errorsSiteCopy();
    const pub = site.file('public');
    fs.mkdirSync(path.join(pub, '.git'), { recursive: true });
    fs.writeFileSync(path.join(pub, '.env'), 'API_TOKEN=hunter2\n');
    fs.writeFileSync(path.join(pub, '.git/config'), '[remote "origin"]\n');
    fs.writeFileSync(path.join(pub, 'robots-extra.txt'), 'kept');
    fs.symlinkSync(outsideSecret('passwd'), path.join(pub, 'passwd'));
    fs.symlinkSync(path.dirname(outsideSecret()), path.join(pub, 'outside-dir'));
    const model = await buildModel(site.config);
    const out = tempDir('hardening-out');
    await writeSideOutputs(model, out);
    const published = filesUnder(out);
    assert.ok(published.includes('robots-extra.txt'), 'an ordinary public file is published');
    for (const secret of ['.env', '.git/config', 'passwd'])
      assert.ok(!published.includes(secret), `${secret} is not published`);
    assert.ok(!published.some((f) => f.startsWith('outside-dir')), 'a linked folder outside is not published');
    const named = model.warnings
      .filter((w) => w.file.startsWith(pub))
      .map((w) => [path.relative(pub, w.file), w.message]);
    assert.deepEqual(named.sort(), [
      ['.env', 'a hidden file, so not published'],
      ['.git', 'a hidden folder, so not published'],
      ['outside-dir', 'a link to outside the public folder, so not published'],
      ['passwd', 'a link to outside the public folder, so not published'],
    ]);
  });
  test('a link to a public file the build leaves out (a dotfile) is a dead link, not a link to nothing', async () => {
    const site = errorsSiteCopy();
    fs.mkdirSync(site.file('public'), { recursive: true });
    fs.writeFileSync(path.join(site.file('public'), '.env'), 'API_TOKEN=hunter2\n');
    const page = pagePair(site, 'env-link', 'See [the settings](/.env).');
    const problem = onlyProblem(await buildProblems(site.config), /dead link "\/\.env"/);
    assert.equal(problem.file, page);
  });

  test('pages in a hidden folder of a language folder are not read or published', async () => {
    const site = errorsSiteCopy();
    for (const lang of ['en', 'zh']) {
      fs.mkdirSync(site.file(`${lang}/.drafts`), { recursive: true });
      fs.writeFileSync(site.file(`${lang}/.drafts/secret.md`), '---\ntitle: Unreleased\n---\n\nNot yet.\n');
    }
    const model = await buildModel(site.config);
    assert.deepEqual(
      model.pages.filter((p) => p.route.includes('drafts')).map((p) => p.route),
      [],
    );
  });
});

describe('front matter (issue 23, 3)', () => {
  test('a YAML alias bomb in hero is refused with its line, not expanded into a huge page', async () => {
    const site = errorsSiteCopy();
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(
        `${name}: &${name} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`,
      );
    }
    const bomb = `hero:\n  ${levels.join('\n  ')}`;
    assert.ok(bomb.length < 500);
    addFrontMatter(site.file('en/index.md'), bomb);
    const problem = onlyProblem(await buildProblems(site.config), /alias/);
    assert.equal(problem.file, site.file('en/index.md'));
    assert.ok(problem.line! >= 2 && problem.line! <= 12, `line ${problem.line} is in the front matter`);
    assert.match(problem.message, /^front matter is not valid YAML: .*alias/i);
    assert.match(problem.fix, /alias/);
  });

  test('hero is checked for shape: the field and line of what is wrong', async () => {
    const site = errorsSiteCopy();
    addFrontMatter(
      site.file('en/index.md'),
      'hero:\n  name: Rstest\n  actions:\n    - text: Start\n      lnk: /guide/',
    );
    const problems = (await buildProblems(site.config)).filter((p) => /hero/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [p.file, p.line, p.message]),
      [
        [site.file('en/index.md'), 5, 'front-matter field "hero.actions[0].link" is missing'],
        [site.file('en/index.md'), 6, 'front-matter field "hero.actions[0]" has an unknown key "lnk"'],
      ],
    );
  });

  test('head tags are checked: a name that is not a head element is an error, not a page that fails to render', async () => {
    const site = errorsSiteCopy();
    addFrontMatter(
      site.file('en/guide/a.md'),
      "head:\n  - [meta, { name: robots, content: noindex }]\n  - ['<img src=x onerror=alert(1)>', {}]",
    );
    const problem = onlyProblem(await buildProblems(site.config), /"head/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), 4]);
    assert.equal(
      problem.message,
      'front-matter field "head[1]" must be a [tag, { attributes }] pair or [tag, { attributes }, content], the tag one of meta, link, script, style, noscript, base, title',
    );
  });

  test('keys named like Object.prototype members are unknown fields, not a crash', async () => {
    const site = errorsSiteCopy();
    addFrontMatter(site.file('en/guide/a.md'), 'toString: y\nhasOwnProperty: z');
    const problems = (await buildProblems(site.config)).filter((p) => /unknown front-matter field/.test(p.message));
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [
        [2, 'unknown front-matter field "toString"'],
        [3, 'unknown front-matter field "hasOwnProperty"'],
      ],
    );
  });

  test('__proto__, constructor and prototype keys are errors at their lines, at any depth, and reach no prototype (issue 41)', async () => {
    const site = errorsSiteCopy();
    const page = site.file('en/guide/a.md');
    addFrontMatter(
      page,
      '__proto__:\n  polluted: yes\nhero:\n  name: Hi\n  constructor:\n    polluted: yes\nfeatures:\n  - title: T\n    details: D\n    prototype: x',
    );
    const problems = (await buildProblems(site.config)).filter((p) => p.file === page);
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [
        [2, 'front-matter key "__proto__" is not allowed: it names the prototype of an object, not data'],
        [6, 'front-matter key "hero.constructor" is not allowed: it names the prototype of an object, not data'],
        [11, 'front-matter key "features[0].prototype" is not allowed: it names the prototype of an object, not data'],
      ],
    );
    for (const problem of problems) assert.match(problem.fix, /^remove the key/);
    // Eleventy merged front matter into its data with the key intact, so every object of the build had `polluted`.
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
  });

  test('front matter larger than the cap is an error naming its size', async () => {
    const site = errorsSiteCopy();
    edit(site.file('en/guide/a.md'), (t) =>
      t.replace('description: Page A (en).', `description: ${'word '.repeat(60_000)}`),
    );
    const problem = onlyProblem(await buildProblems(site.config), /front matter is/);
    assert.deepEqual([problem.file, problem.line], [site.file('en/guide/a.md'), 1]);
    assert.match(problem.message, /^front matter is 29\d KB as page data; the most a page may carry is 64 KB$/);
  });
});

describe('page data (issue 23, 3)', () => {
  test('page data over the cap (an outline of thousands of headings) is an error naming its size', async () => {
    const site = errorsSiteCopy();
    const headings = Array.from(
      { length: 3000 },
      (_, i) => `## A rather long heading, number ${i}, of a page that never ends`,
    ).join('\n\n');
    const file = pagePair(site, 'outline', headings, 'outline: deep\n');
    const problem = onlyProblem(await buildProblems(site.config), /page's data/);
    assert.deepEqual([problem.file, problem.line], [file, 1]);
    assert.match(
      problem.message,
      /^the page's data is \d+ KB \(front matter 0 KB, outline of 3000 headings\); the most a page may embed is 256 KB$/,
    );
    assert.match(problem.fix, /split the page/);
  });
});

describe('author input that built silently or crashed (issue 23, 4)', () => {
  test('a _meta.json entry naming "." or ".." is an error at its line, not a stack overflow', async () => {
    const site = errorsSiteCopy();
    for (const lang of ['en', 'zh']) {
      fs.mkdirSync(site.file(`${lang}/api`));
      fs.writeFileSync(site.file(`${lang}/api/index.md`), `---\ntitle: API\ndescription: API.\n---\n\nText.\n`);
      fs.writeFileSync(
        site.file(`${lang}/api/_meta.json`),
        '[\n  "index",\n  ".",\n  { "type": "dir", "name": ".." }\n]\n',
      );
    }
    const problems = (await buildProblems(site.config)).filter(
      (p) => /_meta\.json/.test(p.file) && /en\//.test(p.file),
    );
    assert.deepEqual(
      problems.map((p) => [path.relative(site.dir, p.file), p.line, p.message]),
      [
        ['content/en/api/_meta.json', 3, '"." is not a page or folder name'],
        ['content/en/api/_meta.json', 4, '".." is not a page or folder name'],
      ],
    );
    assert.match(problems[0].fix, /name a page or a folder inside/);
  });

  test('a symlink loop in the content folder is an error naming the link', async () => {
    const site = errorsSiteCopy();
    fs.symlinkSync('.', site.file('en/guide/loop'));
    const problem = onlyProblem(await buildProblems(site.config), /loop|links to/);
    assert.equal(problem.file, site.file('en/guide/loop'));
    assert.match(problem.message, /^a link to a folder that contains it \(a loop\)/);
  });

  test('a symlinked page outside the content folder is an error, and is not read', async () => {
    const site = errorsSiteCopy();
    const secret = outsideSecret('notes.md');
    fs.symlinkSync(secret, site.file('en/guide/notes.md'));
    const problem = onlyProblem(await buildProblems(site.config), /outside the content folder/);
    assert.equal(problem.file, site.file('en/guide/notes.md'));
  });

  test('an unclosed <!-- is an error at its line (the rest of the page would vanish from the HTML)', async () => {
    const site = errorsSiteCopy();
    const file = pagePair(site, 'comment', 'Before.\n\n<!-- a note\n\n## Later\n\nText the HTML would drop.');
    const problem = onlyProblem(await buildProblems(site.config), /comment/);
    assert.deepEqual([problem.file, problem.line], [file, lineContaining(file, '<!-- a note')]);
    assert.equal(
      problem.message,
      'an HTML comment "<!--" is never closed, so the rest of the page is hidden in the HTML',
    );
    assert.match(problem.fix, /-->/);
  });

  test('intro.md beside intro/index.md, and Intro.md beside intro.md, are errors', async () => {
    const site = errorsSiteCopy();
    const page = (title: string) => `---\ntitle: ${title}\ndescription: d\n---\n\nText.\n`;
    for (const lang of ['en', 'zh']) {
      fs.mkdirSync(site.file(`${lang}/guide/intro`));
      fs.writeFileSync(site.file(`${lang}/guide/intro.md`), page('Intro'));
      fs.writeFileSync(site.file(`${lang}/guide/intro/index.md`), page('Intro index'));
      fs.writeFileSync(site.file(`${lang}/guide/Setup.md`), page('Setup upper'));
      fs.writeFileSync(site.file(`${lang}/guide/setup.md`), page('Setup lower'));
    }
    const problems = (await buildProblems(site.config)).filter(
      (p) => /same page/.test(p.message) && p.file.includes('/en/'),
    );
    assert.deepEqual(
      problems.map((p) => [path.relative(site.dir, p.file), p.message]),
      [
        ['content/en/guide/intro/index.md', 'this file and guide/intro.md are the same page'],
        ['content/en/guide/setup.md', 'this file and guide/Setup.md are the same page'],
      ],
    );
    assert.match(problems[0].fix, /keep one of them/);
  });

  test('invalid UTF-8 is an error at its line', async () => {
    const site = errorsSiteCopy();
    const file = site.file('en/guide/a.md');
    const line = appendLines(file, '\nPlain line.\n\nBroken here.') + 3;
    const bytes = fs.readFileSync(file);
    const at = bytes.lastIndexOf('here');
    fs.writeFileSync(file, Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28]), bytes.subarray(at)]));
    const problem = onlyProblem(await buildProblems(site.config), /UTF-8/);
    assert.deepEqual([problem.file, problem.line], [file, line]);
    assert.equal(problem.message, 'the file is not valid UTF-8 (a byte on this line is not part of any character)');
  });

  test('a page large enough to bloat the search index is a warning with its size', async () => {
    const site = errorsSiteCopy();
    const body = Array.from(
      { length: 12_000 },
      (_, i) => `Paragraph ${i} with some searchable words in it, a line long.`,
    ).join('\n\n');
    const file = pagePair(site, 'huge', body);
    const model = await buildModel(site.config);
    const warning = model.warnings.find((w) => w.file === file && /search index/.test(w.message));
    assert.ok(warning, model.warnings.map((w) => w.message).join(' | '));
    assert.match(
      warning.message,
      /^the page has 7\d\d KB of text, all of it in the search index every reader of this language downloads/,
    );
    assert.match(warning.fix, /split it into pages, or set `search: false`/);
  });

  test("raw <script> and on*= handlers are warnings: the site's CSP blocks them", async () => {
    const site = errorsSiteCopy();
    const file = pagePair(
      site,
      'scripts',
      'Text.\n\n<script>alert(1)</script>\n\n<p>Hover <span class="x" onmouseover="alert(2)">here</span>.</p>\n\n```html\n<script>fine in code</script>\n```',
    );
    const model = await buildModel(site.config);
    const warnings = model.warnings.filter((w) => w.file === file);
    assert.deepEqual(
      warnings.map((w) => [w.line, w.message]),
      [
        [
          lineContaining(file, '<script>alert'),
          'a raw <script> in the page: the Content-Security-Policy every page carries blocks it on any host, so it never runs',
        ],
        [
          lineContaining(file, 'onmouseover='),
          'an onmouseover= handler in the page: the Content-Security-Policy every page carries blocks it on any host, so it never runs',
        ],
      ],
    );
  });
});

describe('script URLs in links (issue 41)', () => {
  test('a javascript: link, in Markdown or in HTML, is an error at its line; one in code is an example', async () => {
    const site = errorsSiteCopy();
    const file = pagePair(
      site,
      'links',
      [
        'Click [here](javascript:alert(1)).',
        '',
        '[ref]: JavaScript:alert(2)',
        '',
        '<p>Or <a href=" javascript:alert(3)">here</a>.</p>',
        '',
        'Not a link: `[x](javascript:void 0)`.',
        '',
        '```md',
        '[x](javascript:alert(4))',
        '```',
      ].join('\n'),
    );
    const problems = (await buildProblems(site.config)).filter((p) => p.file === file);
    const message =
      "a javascript: link: it runs no script here (every page's Content-Security-Policy blocks it, and Markdown shows it as plain text)";
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      ['alert(1)', 'alert(2)', 'alert(3)'].map((needle) => [lineContaining(file, needle), message]),
    );
    assert.match(problems[0].fix, /link to a page or a web address/);
  });
});

describe('site config checked by a schema (issue 21)', () => {
  test('a config value of the wrong type names site.config.ts, the line and the key', async () => {
    const site = errorsSiteCopy();
    edit(site.config, (t) => t.replace("title: 'Broken',", "title: 'Broken',\n  cleanUrls: 'yes' as never,"));
    const problem = onlyProblem(await buildProblems(site.config), /cleanUrls/);
    assert.deepEqual([problem.file, problem.line], [site.config, lineContaining(site.config, "cleanUrls: 'yes'")]);
    assert.equal(problem.message, 'cleanUrls must be true or false');
  });

  test('a locale without a label', async () => {
    const site = errorsSiteCopy();
    edit(site.config, (t) => t.replace("{ lang: 'zh', label: '简体中文' }", "{ lang: 'zh' } as never"));
    const problem = onlyProblem(await buildProblems(site.config), /label/);
    assert.deepEqual([problem.file, problem.line], [site.config, lineContaining(site.config, "{ lang: 'zh' }")]);
    assert.equal(problem.message, 'themeConfig.locales[1].label is missing');
  });
});

describe('the CLI build under hostile input', () => {
  test('exits 1, prints each problem as file:line: message with its fix, no stack, and publishes nothing', async () => {
    const site = errorsSiteCopy();
    const page = site.file('en/guide/a.md');
    appendLines(page, '\n![](../../../../../../../../etc/passwd)');
    addFrontMatter(site.file('zh/guide/a.md'), '__proto__:\n  polluted: yes');
    addFrontMatter(
      site.file('en/index.md'),
      'hero:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n  c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
    );
    fs.symlinkSync('.', site.file('en/guide/loop'));
    const out = tempDir('hardening-cli');
    const { code, output } = await cliBuild(site.config, out);
    assert.equal(code, 1, output);
    const expected: [string, number, string][] = [
      [
        'content/en/guide/a.md',
        lineContaining(page, 'etc/passwd'),
        'image "../../../../../../../../etc/passwd" is outside the content folder',
      ],
      [
        'content/zh/guide/a.md',
        2,
        'front-matter key "__proto__" is not allowed: it names the prototype of an object, not data',
      ],
      [
        'content/en/index.md',
        lineContaining(site.file('en/index.md'), 'b: &b'),
        'front matter is not valid YAML: its aliases (*name) expand to more than 100 copies',
      ],
    ];
    for (const [file, line, message] of expected)
      assert.ok(
        output.includes(`${file}:${line}: ${message}`),
        `the output has "${file}:${line}: ${message}"\n${output}`,
      );
    assert.match(
      output,
      /content\/en\/guide\/loop: a link to a folder that contains it \(a loop\), so it is not read\n {4}fix: remove the link/,
    );
    assert.doesNotMatch(output, /\n\s+at |RangeError|TypeError/, 'no stack trace');
    assert.deepEqual(filesUnder(out), [], 'nothing is written');
  });
});

describe('the test server (issue 23, 7)', () => {
  test('a malformed URL is a 400, and the server keeps serving', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(root, '404.html'), '<p>missing</p>');
    const server = await startStaticServer(root);
    try {
      const bad = await fetch(`${server.url}/%E0%A4%A`);
      assert.equal(bad.status, 400);
      const good = await fetch(`${server.url}/`);
      assert.equal(good.status, 200);
      assert.equal(await good.text(), '<p>home</p>');
    } finally {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('the host page server of the embed tests answers a malformed URL with a 400 too', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'host-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<p>host</p>');
    const server = await startHostServer(root, 'http://127.0.0.1:9/');
    try {
      assert.equal((await fetch(`${server.url}/%E0%A4%A`)).status, 400);
      assert.equal(await (await fetch(`${server.url}/`)).text(), '<p>host</p>');
    } finally {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
