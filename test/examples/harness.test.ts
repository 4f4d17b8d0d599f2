// The examples harness itself, on made-up pages: roles from titles, no-run markers, support files and their
// versions, configs a page's tests need, failures mapped to Markdown lines, the offline guard, en/zh twins; signature
// blocks type-checked against the real @rstest/core, and against @rstest/browser 0.11.9 from the Browser Mode
// workspace, with every member name they use checked at any depth; config blocks type-checked against
// RstestConfig (an unknown key, a wrong type); Browser Mode blocks (`browser`, `browser-fragment fixture='…'`) run
// in Chromium with the pinned @rstest/core + @rstest/browser pair, and a mismatched pair fails with Rstest's error.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { parseFenceInfo } from '../../lib/markdown/code.ts';
import { pageFromSource, type Lang } from '../content/pages.ts';
import { allBlocks, browserMarker, noRunReason, pageBlocks, roleOf, signatureOf, titleFile } from './blocks.ts';
import { BROWSER_WORKSPACE, browserLaunch, browserVersions, runBrowserExamples, wrapFragment } from './browser.ts';
import { countByLang } from './report.ts';
import { rstestVersion, runExamples, WorkerPool, workerEnv, write, type Outcome } from './run.ts';
import { checkConfigTypes, type ConfigTypeResult } from './config-types.ts';
import { checkSignatures, targetOf, type SignatureResult } from './typecheck.ts';

const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\`\n`;
/** A `ts` block with a signature marker. */
const sig = (marker: string, code: string) => fence(`ts ${marker}`, code);
const page = (lang: Lang, rel: string, ...blocks: string[]) =>
  pageFromSource(lang, rel, `---\ntitle: T\ndescription: D\n---\n\n# T\n\n${blocks.join('\n')}`);

describe('blocks: roles, files, no-run', () => {
  test('a no-run marker and its reason', () => {
    assert.equal(noRunReason('ts title="a.ts" no-run="needs a browser"'), 'needs a browser');
    assert.equal(noRunReason("ts no-run='type signature' {1}"), 'type signature');
    assert.equal(noRunReason('ts no-run'), '');
    assert.equal(noRunReason('ts no-run=""'), '');
    assert.equal(noRunReason('ts title="no-run.ts"'), undefined);
    assert.equal(noRunReason('ts {1,2}'), undefined);
  });

  test('a signature marker and its target', () => {
    assert.equal(signatureOf('ts signature'), '');
    assert.equal(signatureOf('ts signature="rs"'), 'rs');
    assert.equal(signatureOf('ts title="x.ts" signature=\'@rstest/core/api\' {1}'), '@rstest/core/api');
    assert.equal(signatureOf('ts no-run="type signature"'), undefined);
    assert.equal(signatureOf('ts title="signature.ts"'), undefined);
    assert.equal(signatureOf('ts'), undefined);
  });

  test('roles follow the title', () => {
    assert.equal(roleOf(undefined), 'test');
    assert.equal(roleOf('src/cart.test.ts'), 'test');
    assert.equal(roleOf('src/cart.spec.tsx'), 'test');
    assert.equal(roleOf('src/db.integration.test.ts'), 'test');
    assert.equal(roleOf('rstest.config.ts'), 'config');
    assert.equal(roleOf('rstest.config.mjs'), 'config');
    assert.equal(roleOf('packages/web/rstest.browser.config.mts'), 'config');
    assert.equal(roleOf('vitest.config.ts'), 'support');
    assert.equal(roleOf('src/sum.ts'), 'support');
    assert.equal(roleOf('rstest.setup.ts'), 'support');
  });

  test('a title that is no file name (a tab label) counts as none', () => {
    assert.equal(titleFile('Jest'), undefined);
    assert.equal(titleFile('Before refactor'), undefined);
    assert.equal(titleFile('../outside.ts'), undefined);
    assert.equal(titleFile('./src/sum.ts'), 'src/sum.ts');
    assert.equal(titleFile('/src/sum.ts'), 'src/sum.ts');
  });

  test('untitled blocks get a file per line; a repeated test title gets a .L<line> infix', () => {
    const blocks = pageBlocks(
      page(
        'en',
        'x.md',
        fence('ts', 'a'),
        fence('tsx', 'b'),
        fence('ts title="src/a.test.ts"', 'c'),
        fence('ts title="src/a.test.ts"', 'd'),
        fence('bash', 'e'),
        fence('pm', 'npm i'),
      ),
    );
    assert.deepEqual(
      blocks.map((b) => [b.file, b.where]),
      [
        ['example-L8.test.ts', 'content/en/x.md:8'],
        ['example-L12.test.tsx', 'content/en/x.md:12'],
        ['src/a.test.ts', 'content/en/x.md:16'],
        ['src/a.L20.test.ts', 'content/en/x.md:20'],
      ],
    );
  });
});

describe('running a page', () => {
  const sum = fence('ts title="src/sum.ts"', 'export const sum = (a: number, b: number): number => a + b;');
  const sumTest = fence(
    'ts title="src/sum.test.ts"',
    "import { expect, test } from '@rstest/core';\nimport { sum } from './sum';\n\ntest('adds', () => {\n  expect(sum(1, 2)).toBe(3);\n});",
  );
  const failing = (comment: string) =>
    fence(
      'ts',
      `import { expect, test } from '@rstest/core';\n\n// ${comment}\ntest('fails', () => {\n  expect(1 + 1).toBe(3);\n});`,
    );
  const globalsConfig = (comment: string) =>
    fence(
      'ts title="rstest.config.ts"',
      `import { defineConfig } from '@rstest/core';\n\n// ${comment}\nexport default defineConfig({ globals: true, testEnvironment: 'happy-dom' });`,
    );
  const domTest = fence(
    'ts title="src/dom.test.ts"',
    "test('uses globals and the DOM', () => {\n  document.body.innerHTML = '<b>x</b>';\n  expect(document.querySelector('b')?.textContent).toBe('x');\n});",
  );
  const pages = [
    page(
      'en',
      'fixture/a.md',
      sum,
      sumTest,
      failing('one plus one'),
      fence('ts no-run="type signature"', 'function f(): void;'),
      fence('ts no-run', 'function g(): void;'),
      fence('ts', 'function h(): number;'),
      globalsConfig('globals for the test below'),
      domTest,
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({ setupFiles: ['./missing-setup.ts'] });",
      ),
      fence(
        'ts',
        "import { test } from '@rstest/core';\n\ntest('offline', async () => {\n  await fetch('https://example.com/');\n});",
      ),
      fence(
        'ts',
        "import { expect, test } from '@rstest/core';\nimport { gateway } from './gateway';\n\ntest('x', () => expect(gateway).toBeDefined());",
      ),
      fence('bash', 'echo not an example'),
    ),
    page('zh', 'fixture/a.md', sum, sumTest, failing('一加一'), globalsConfig('下面的测试要用全局 API'), domTest),
    page(
      'en',
      'fixture/versions.md',
      fence('ts title="src/v.ts"', 'export const v = 1;'),
      fence(
        'ts title="src/v1.test.ts"',
        "import { expect, test } from '@rstest/core';\nimport { v } from './v';\n\ntest('v1', () => expect(v).toBe(1));",
      ),
      fence('ts title="src/v.ts"', 'export const v = 2;'),
      fence(
        'ts title="src/v2.test.ts"',
        "import { expect, test } from '@rstest/core';\nimport { v } from './v';\n\ntest('v2', () => expect(v).toBe(2));",
      ),
    ),
    page(
      'en',
      'fixture/snapshots.md',
      fence(
        'ts title="src/format.test.ts"',
        "import { expect, test } from '@rstest/core';\n\ntest('snapshots', () => {\n  expect({ total: 3 }).toMatchSnapshot();\n  expect('x').toMatchInlineSnapshot(`\"x\"`);\n});",
      ),
    ),
    page(
      'en',
      'fixture/assets.md',
      fence('txt title="src/greeting.txt"', 'Hello from a text file'),
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({\n  tools: { rspack: { module: { rules: [{ test: /\\.txt$/, type: 'asset/source' }] } } },\n});",
      ),
      fence(
        'ts title="src/greeting.test.ts"',
        "import { expect, test } from '@rstest/core';\nimport greeting from './greeting.txt';\n\ntest('reads the text file', () => expect(greeting.trim()).toBe('Hello from a text file'));",
      ),
    ),
    page(
      'en',
      'fixture/projects.md',
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({ projects: ['packages/*'] });",
      ),
      fence(
        'ts title="packages/app/test/app.test.ts"',
        "import { expect, test } from '@rstest/core';\n\ntest('app', () => expect(1).toBe(1));",
      ),
    ),
    // Twins whose code differs in one string: each runs, and only the zh one fails.
    ...(['en', 'zh'] as const).map((lang) =>
      page(
        lang,
        'fixture/twins.md',
        fence(
          'ts',
          `import { expect, test } from '@rstest/core';\n\ntest('${lang === 'en' ? 'joins' : '拼接'}', () => {\n  expect('a' + 'b').toBe('${lang === 'en' ? 'ab' : 'ba'}');\n});`,
        ),
      ),
    ),
  ];
  const blocks = allBlocks(pages);
  let outcomes: Outcome[] = [];
  const at = (where: string) => {
    const o = outcomes.find((x) => x.block.where === where);
    assert.ok(o, `no outcome for ${where}: ${outcomes.map((x) => x.block.where).join(', ')}`);
    return o;
  };
  const lineOf = (p: (typeof pages)[number], text: string) =>
    p.source.split('\n').findIndex((l) => l.includes(text)) + 1;
  const fenceLine = (p: (typeof pages)[number], info: string, nth = 0) =>
    p.source
      .split('\n')
      .map((l, i) => [l, i + 1] as const)
      .filter(([l]) => l === `\`\`\`${info}`)[nth][1];

  before(async () => {
    // As in CI: the examples still run as on a reader's machine, where a first snapshot is written, not missing.
    const ci = process.env.CI;
    process.env.CI = 'true';
    try {
      ({ outcomes } = await runExamples(blocks, { browser: runBrowserExamples }));
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
  });

  test('every ts block has an outcome; the bash block is no example', () => {
    assert.equal(outcomes.length, 11 + 5 + 4 + 1 + 2 + 2 + 2);
  });

  test('a test importing a support file of the page passes; the support file counts as support', () => {
    const [en] = pages;
    assert.equal(at(`content/en/fixture/a.md:${fenceLine(en, 'ts title="src/sum.test.ts"')}`).status, 'passed');
    assert.equal(at(`content/en/fixture/a.md:${fenceLine(en, 'ts title="src/sum.ts"')}`).status, 'support');
  });

  test("a failing test fails with Rstest's message at the Markdown line of the assertion", () => {
    const [en, zh] = pages;
    for (const p of [en, zh]) {
      const o = at(`${p.file}:${fenceLine(p, 'ts', 0)}`);
      assert.equal(o.status, 'failed');
      assert.match(o.message!, /expected 2 to be 3/);
      assert.match(o.message!, new RegExp(`${p.file}:${lineOf(p, 'expect(1 + 1)')}\\b`));
    }
  });

  test('twins that differ in code (a string) each run: the zh one fails alone, at its own line', () => {
    const [en, zh] = pages.filter((p) => p.file.endsWith('twins.md'));
    assert.equal(at(`${en.file}:${fenceLine(en, 'ts')}`).status, 'passed');
    const o = at(`${zh.file}:${fenceLine(zh, 'ts')}`);
    assert.equal(o.status, 'failed');
    assert.match(o.message!, new RegExp(`${zh.file}:${lineOf(zh, "toBe('ba')")}\\b`));
  });

  test('no-run="reason" is skipped with its reason; a bare no-run fails', () => {
    const [en] = pages;
    const skipped = at(`content/en/fixture/a.md:${fenceLine(en, 'ts no-run="type signature"')}`);
    assert.deepEqual([skipped.status, skipped.message], ['skipped', 'type signature']);
    const bare = at(`content/en/fixture/a.md:${fenceLine(en, 'ts no-run')}`);
    assert.equal(bare.status, 'failed');
    assert.match(bare.message!, /no-run needs a reason/);
  });

  test('an untitled block with no test in it fails', () => {
    const [en] = pages;
    const o = at(`content/en/fixture/a.md:${lineOf(en, 'function h()') - 1}`);
    assert.equal(o.status, 'failed');
    assert.match(o.message!, /No test suites found/);
  });

  test("a config loads and runs; a test that needs the page's config (globals, DOM) passes under it", () => {
    for (const p of pages.slice(0, 2)) {
      assert.equal(at(`${p.file}:${fenceLine(p, 'ts title="rstest.config.ts"')}`).status, 'passed');
      assert.equal(at(`${p.file}:${fenceLine(p, 'ts title="src/dom.test.ts"')}`).status, 'passed');
    }
  });

  test("a config that needs the page's folders (projects: ['packages/*']) passes with the page's tests", () => {
    const p = pages.find((x) => x.file.endsWith('projects.md'))!;
    assert.equal(at(`${p.file}:${fenceLine(p, 'ts title="rstest.config.ts"')}`).status, 'passed');
    assert.equal(at(`${p.file}:${fenceLine(p, 'ts title="packages/app/test/app.test.ts"')}`).status, 'passed');
  });

  test('a config that names a file the page does not show fails', () => {
    const [en] = pages;
    const o = at(`content/en/fixture/a.md:${fenceLine(en, 'ts title="rstest.config.ts"', 1)}`);
    assert.equal(o.status, 'failed');
    assert.match(o.message!, /missing-setup\.ts/);
    assert.doesNotMatch(o.message!, /rstest-examples-/);
  });

  test('examples run offline: a fetch of another host fails at once, saying so', () => {
    const [en] = pages;
    const o = at(`content/en/fixture/a.md:${lineOf(en, "test('offline'") - 3}`);
    assert.equal(o.status, 'failed');
    assert.match(o.message!, /run offline: no fetch from example\.com/);
  });

  test('a missing local module is reported at its import line', () => {
    const [en] = pages;
    const o = at(`content/en/fixture/a.md:${lineOf(en, "from './gateway'") - 2}`);
    assert.equal(o.status, 'failed');
    assert.match(o.message!, /Cannot find module '\.\/gateway'/);
    assert.match(o.message!, new RegExp(`content/en/fixture/a.md:${lineOf(en, "from './gateway'")}\\b`));
  });

  test('each test sees the version of a support file shown above it', () => {
    const v = pages[2];
    assert.equal(at(`${v.file}:${fenceLine(v, 'ts title="src/v1.test.ts"')}`).status, 'passed');
    assert.equal(at(`${v.file}:${fenceLine(v, 'ts title="src/v2.test.ts"')}`).status, 'passed');
  });

  test('a file in another language that a test imports (.txt, .vue, .svelte) is written for it, and is no block', () => {
    const a = pages[4];
    assert.equal(at(`${a.file}:${fenceLine(a, 'ts title="src/greeting.test.ts"')}`).status, 'passed');
    assert.equal(outcomes.filter((o) => o.block.page === a).length, 2);
  });

  test('a first snapshot is written, even when the check runs in CI', () => {
    assert.equal(at('content/en/fixture/snapshots.md:8').status, 'passed');
  });
});

describe('Browser Mode blocks', () => {
  test('the browser and browser-fragment markers, and a fixture', () => {
    assert.equal(browserMarker('ts title="src/a.test.ts"'), undefined);
    assert.deepEqual(browserMarker('ts title="src/a.test.ts" browser'), { fragment: false });
    assert.deepEqual(browserMarker('ts browser-fragment'), { fragment: true });
    assert.deepEqual(browserMarker(`ts browser-fragment fixture='<button title="x">Save</button>'`), {
      fragment: true,
      fixture: '<button title="x">Save</button>',
    });
    assert.equal(browserMarker('ts title="src/browser.test.ts"'), undefined);
    assert.equal(browserMarker('ts no-run="needs a browser"'), undefined);
    const [block] = pageBlocks(page('en', 'x.md', fence('ts browser-fragment', 'await page.getByText("a").click();')));
    assert.deepEqual(block.browser, { fragment: true });
    assert.equal(block.role, 'test');
  });

  test("a fixture's markup is not read as the fence's title or flags", () => {
    const meta = parseFenceInfo(`ts browser-fragment fixture='<button title="Delete row" class="default">x</button>'`);
    assert.equal(meta.title, undefined);
    assert.equal(meta.isDefault, false);
  });

  test('a fragment is wrapped on one line above it, so its lines keep their Markdown numbers', () => {
    const [block] = pageBlocks(
      page(
        'en',
        'x.md',
        fence(`ts browser-fragment fixture='<p>Hi</p>'`, 'await expect.element(page.getByText("Hi")).toBeVisible();'),
      ),
    );
    const { content, offset } = wrapFragment(block);
    assert.equal(offset, 1);
    const lines = content.split('\n');
    assert.match(
      lines[0],
      /^import \{ page \} from '@rstest\/browser'; import \{ expect, test \} from '@rstest\/core'; test\(.*document\.body\.innerHTML = "<p>Hi<\/p>";/,
    );
    assert.ok(content.startsWith(`${lines[0]}\n${block.fence.content}\n`));
  });

  const pages = [
    page(
      'en',
      'fixture/browser.md',
      fence(
        'ts title="src/where.test.ts" browser',
        "import { page } from '@rstest/browser';\nimport { expect, test } from '@rstest/core';\n\ntest('runs in Chromium', async () => {\n  expect(navigator.userAgent).toMatch(/HeadlessChrome/);\n  document.body.innerHTML = '<button>Go</button>';\n  await expect.element(page.getByRole('button', { name: 'Go' })).toBeVisible();\n});",
      ),
      fence(
        `ts browser-fragment fixture='<label><input type="checkbox" checked> Remember me</label>'`,
        "await page.getByLabel('Remember me').uncheck();\nawait expect.element(page.getByLabel('Remember me')).toBeUnchecked();",
      ),
      fence(
        `ts browser-fragment fixture='<div role="alert">Saved</div>'`,
        "// the alert stays\nawait expect.element(page.getByRole('alert')).toBeHidden({ timeout: 300 });",
      ),
      fence(
        'ts title="src/node.test.ts"',
        "import { page } from '@rstest/browser';\nimport { test } from '@rstest/core';\n\ntest('x', () => void page);",
      ),
      fence(
        'ts title="rstest.config.ts" browser',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({\n  browser: { enabled: true, provider: 'playwright' },\n});",
      ),
    ),
  ];
  let outcomes: Outcome[] = [];
  const [p] = pages;
  const lineOf = (text: string) => p.source.split('\n').findIndex((l) => l.includes(text)) + 1;
  const outcomeAt = (text: string) => {
    const where = `${p.file}:${lineOf(text)}`;
    const o = outcomes.find((x) => x.block.where === where);
    assert.ok(o, `no outcome for ${where}`);
    return o;
  };

  before(async () => {
    ({ outcomes } = await runExamples(allBlocks(pages), { browser: runBrowserExamples }));
  });

  test('a browser test runs in headless Chromium and passes', () => {
    assert.equal(outcomeAt('src/where.test.ts').status, 'passed');
  });

  test('a fragment runs against its fixture and passes', () => {
    assert.equal(outcomeAt('Remember me</label>').status, 'passed');
  });

  test("a failing fragment fails with Rstest's message, named after its fence's Markdown line", () => {
    const o = outcomeAt('<div role="alert">Saved</div>');
    assert.equal(o.status, 'failed');
    assert.match(o.message!, /\(Browser Mode\)/);
    assert.match(o.message!, /unexpected value "visible"/);
    assert.match(o.message!, new RegExp(`fragment at ${p.file}:${lineOf('<div role="alert">Saved</div>')}\\b`));
  });

  test('an unmarked block that imports @rstest/browser runs in Node, where it fails', () => {
    assert.equal(outcomeAt('src/node.test.ts').status, 'failed');
  });

  test('a Browser Mode config loads and runs its trivial test in Chromium', () => {
    assert.equal(outcomeAt('title="rstest.config.ts" browser').status, 'passed');
  });
});

describe('the Browser Mode pair: @rstest/core and @rstest/browser at one version', () => {
  const workspacePackage = (pkg: string) =>
    JSON.parse(fs.readFileSync(path.join(BROWSER_WORKSPACE, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
      peerDependencies?: Record<string, string>;
    };

  test('the workspace pins both at the same version, installs them at it, and it is the core @rstest/browser asks for', () => {
    const [core, browser] = browserVersions();
    assert.deepEqual([core.pkg, browser.pkg], ['@rstest/core', '@rstest/browser']);
    assert.equal(
      core.pinned,
      browser.pinned,
      'test/examples/browser-mode/package.json pins @rstest/core and @rstest/browser at different versions',
    );
    assert.deepEqual([core.installed, browser.installed], [core.pinned, browser.pinned]);
    assert.equal(workspacePackage('@rstest/browser').peerDependencies?.['@rstest/core'], core.pinned);
    // The pair is older than the repository's @rstest/core: no @rstest/browser of that version exists yet.
    assert.notEqual(core.pinned, rstestVersion().installed);
  });

  // The examples above run with the pair; the repository's own @rstest/core with the workspace's @rstest/browser is
  // what a reader gets who installs the newest of each. The check runs before Chromium starts.
  test(`@rstest/core ${rstestVersion().installed} with @rstest/browser ${workspacePackage('@rstest/browser').version} stops with Rstest's own "Version mismatch" error`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rstest-examples-mismatch-'));
    const pool = new WorkerPool(1, dir, workerEnv());
    try {
      fs.mkdirSync(path.join(dir, 'node_modules/@rstest'), { recursive: true });
      fs.symlinkSync(
        path.join(BROWSER_WORKSPACE, 'node_modules/@rstest/browser'),
        path.join(dir, 'node_modules/@rstest/browser'),
      );
      write(path.join(dir, 'package.json'), '{ "name": "mismatch", "private": true, "type": "module" }\n');
      write(
        path.join(dir, 'rstest.config.mjs'),
        "export default { browser: { enabled: true, provider: 'playwright' } };\n",
      );
      write(
        path.join(dir, 'src/a.test.ts'),
        "import { expect, test } from '@rstest/core';\n\ntest('a', () => expect(1).toBe(1));\n",
      );
      const result = await pool.run({
        kind: 'config',
        cwd: dir,
        configFile: 'rstest.config.mjs',
        browser: browserLaunch(),
      });
      const text = [result.error?.message, ...(result.unhandledErrors ?? []).map((e) => e.message)].join('\n');
      assert.notEqual(result.ok && result.status === 'pass', true, 'the mismatched pair ran');
      const core = rstestVersion().installed;
      const browser = workspacePackage('@rstest/browser').version;
      assert.ok(
        text.includes(
          `Version mismatch between @rstest/core and @rstest/browser: @rstest/core is ${core}, @rstest/browser is ${browser}. Install matching versions: npm install @rstest/browser@${core}`,
        ),
        text,
      );
    } finally {
      pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** rs.waitFor as the utilities page shows it, with its options' second member named `interval`. */
const WAIT_FOR = (interval: string) =>
  `function waitFor<T>(\n  callback: () => T | Promise<T>,\n  options?: number | { timeout?: number; ${interval}?: number },\n): Promise<T>;`;

describe('signature blocks: type-checked against the real @rstest/core', () => {
  const pages = [
    page(
      'en',
      'fixture/signatures.md',
      sig('signature', 'function mergeRstestConfig(...configs: RstestConfig[]): RstestConfig;'),
      sig('signature', 'function mergeRstestConfig(...configs: RstestConfg[]): RstestConfig;'),
      sig('signature', 'function mergeRstestConfig(a: number): string;'),
      sig('signature', '// a helper this page made up\nfunction mergeEverything(): void;'),
      sig(
        'signature="rs"',
        'function useRealTimers(): RstestUtilities;\nfunction fn<T extends FunctionLike = FunctionLike>(fn?: T): Mock<T>;',
      ),
      sig('signature="rs"', 'function useRealTimers(): number;'),
      sig('signature="rs"', 'function useUnrealTimers(): RstestUtilities;'),
      sig(
        'signature',
        'interface MockInstance {\n  getMockName(): string;\n  mockName(name: string): MockInstance;\n}',
      ),
      sig('signature', 'interface MockInstance {\n  getMockName(): string;\n  mockColour?: string;\n}'),
      sig(
        'signature',
        'interface MockContext<T extends Procedure | Constructable = Procedure> {\n  calls: Array<MockParameters<T>>;\n}',
      ),
      sig('signature', "type RstestPoolType = 'forks' | 'threads' | 'vmForks' | 'vmThreads';"),
      sig('signature', "type RstestPoolType = 'forks' | 'threads';"),
      sig('signature', "type RstestPoolType = 'forks' | 'threads' | 'vmForks' | 'vmThreads' | 'workers';"),
      sig('signature="@rstest/core/api"', 'function runCLI(options?: { argv?: string[] }): void;'),
      sig('signature="simplified"', 'function mergeRstestConfig(a: number): string;'),
      sig('signature="simplified"', 'function mergeRstestConfig(a: Numbr): string;'),
      sig('signature', 'function mergeRstestConfig(...configs: RstestConfig[]: RstestConfig;'),
      sig(
        'signature',
        "const thresholds: CoverageThresholds = { lines: 80, 'src/**': { lines: 100, perFile: true } };",
      ),
      sig('signature', "const thresholds: CoverageThresholds = { lines: 80, 'src/**': { lines: 100, perFil: true } };"),
      sig('signature="rs"', WAIT_FOR('interval')),
      sig('signature="rs"', WAIT_FOR('intervalMs')),
      sig(
        'signature',
        'interface MockInstance {\n  mockImplementation(fn: FunctionLike): MockInstance;\n  withImplementation(fn: FunctionLike, callback: () => void): void;\n}',
      ),
      sig(
        'signature',
        'interface RstestConfig {\n  coverage?: { enabled?: boolean; thresholdz?: CoverageThresholds };\n}',
      ),
    ),
    page(
      'zh',
      'fixture/signatures.md',
      sig('signature', 'function mergeRstestConfig(...configs: RstestConfig[]): RstestConfig;'),
    ),
  ];
  const blocks = allBlocks(pages);
  let results: SignatureResult[] = [];
  const nth = (n: number) => results[n];
  const lineOf = (n: number, offset = 1) => `content/en/fixture/signatures.md:${blocks[n].fence.line + offset}`;

  before(async () => {
    results = await checkSignatures(blocks);
  });

  test('a signature that matches the real export passes, and is compared with it', () => {
    assert.equal(nth(0).ok, true, nth(0).message);
    assert.deepEqual(nth(0).compared, ['mergeRstestConfig']);
    assert.equal(results[results.length - 1].ok, true, results[results.length - 1].message);
  });

  test('an unknown type name fails at its file:line', () => {
    assert.equal(nth(1).ok, false);
    assert.match(nth(1).message!, new RegExp(`^${lineOf(1)}: TS\\d+: Cannot find name 'RstestConfg'`, 'm'));
  });

  test('a signature that contradicts the real export fails at its line', () => {
    assert.equal(nth(2).ok, false);
    assert.match(
      nth(2).message!,
      new RegExp(`^${lineOf(2)}: the real mergeRstestConfig \\(@rstest/core\\) does not fit`, 'm'),
    );
    assert.match(
      nth(2).message!,
      /'\(\.\.\.configs: RstestConfig\[\]\) => RstestConfig' is not assignable to type '\(a: number\) => string'/,
    );
  });

  test('a documented function the package does not export fails', () => {
    assert.equal(nth(3).ok, false);
    assert.match(
      nth(3).message!,
      new RegExp(`^${lineOf(3, 2)}: mergeEverything is not an export of @rstest/core`, 'm'),
    );
  });

  test('signature="rs": functions are compared with the members of rs', () => {
    assert.equal(nth(4).ok, true, nth(4).message);
    assert.deepEqual(nth(4).compared, ['rs.useRealTimers', 'rs.fn']);
    assert.equal(nth(5).ok, false);
    assert.match(nth(5).message!, /the real rs\.useRealTimers .*does not fit/);
    assert.equal(nth(6).ok, false);
    assert.match(nth(6).message!, new RegExp(`^${lineOf(6)}: .*useUnrealTimers`, 'm'));
  });

  test('an interface: the real one must fit it, and every member it names must exist', () => {
    assert.equal(nth(7).ok, true, nth(7).message);
    assert.equal(nth(8).ok, false);
    assert.match(
      nth(8).message!,
      new RegExp(`^${lineOf(8)}: documented member\\(s\\) "mockColour" not found on the real MockInstance`, 'm'),
    );
    assert.equal(nth(9).ok, true, nth(9).message);
  });

  test('a type alias is compared both ways: values missing or made up fail', () => {
    assert.equal(nth(10).ok, true, nth(10).message);
    assert.equal(nth(11).ok, false);
    assert.match(nth(11).message!, /the real RstestPoolType .*does not fit/);
    assert.equal(nth(12).ok, false);
    assert.match(nth(12).message!, /the documented RstestPoolType is not assignable to the real one[\s\S]*"workers"/);
  });

  test('signature="<module>" compares with that module', () => {
    assert.equal(nth(13).ok, true, nth(13).message);
    assert.deepEqual(nth(13).compared, ['runCLI']);
  });

  test('signature="simplified" checks names and syntax only', () => {
    assert.equal(nth(14).ok, true, nth(14).message);
    assert.deepEqual(nth(14).compared, []);
    assert.equal(nth(15).ok, false);
    assert.match(nth(15).message!, /Cannot find name 'Numbr'/);
  });

  test('code with values (a const with an initializer) is type-checked as it stands', () => {
    assert.equal(nth(17).ok, true, nth(17).message);
    assert.equal(nth(18).ok, false);
    assert.match(nth(18).message!, new RegExp(`^${lineOf(18)}: TS\\d+: .*'perFil'`, 'm'));
  });

  test('every member name a signature uses exists on the real type, at any depth: a renamed optional member fails', () => {
    assert.equal(nth(19).ok, true, nth(19).message);
    // `intervalMs?` still fits the real options type (both members optional): only the names tell.
    assert.equal(nth(20).ok, false);
    assert.match(
      nth(20).message!,
      new RegExp(
        `^${lineOf(20)}: documented member\\(s\\) "\\(1\\)\\.intervalMs" not found on the real rs\\.waitFor`,
        'm',
      ),
    );
    assert.doesNotMatch(nth(20).message!, /timeout/);
    assert.equal(nth(21).ok, true, nth(21).message);
    assert.equal(nth(22).ok, false);
    assert.match(
      nth(22).message!,
      new RegExp(
        `^${lineOf(22)}: documented member\\(s\\) "coverage\\.thresholdz" not found on the real RstestConfig`,
        'm',
      ),
    );
  });

  test('a syntax error fails at its line', () => {
    assert.equal(nth(16).ok, false);
    assert.match(nth(16).message!, new RegExp(`^${lineOf(16)}: syntax:`, 'm'));
  });
});

describe('signature blocks resolved from the Browser Mode workspace (@rstest/browser 0.11.9)', () => {
  const pages = [
    page(
      'en',
      'fixture/browser-signatures.md',
      sig(
        'signature="@rstest/browser"',
        'class Locator {\n  click(options?: LocatorClickOptions): Promise<void>;\n  nth(index: number): Locator;\n}',
      ),
      sig(
        'signature="@rstest/browser"',
        'class Locator {\n  click(options?: LocatorClickOptions): Promise<string>;\n}',
      ),
      sig('signature="@rstest/browser"', 'class Locator {\n  tap(): Promise<void>;\n}'),
      sig('signature="@rstest/browser"', 'function setTestIdAttribute(attribute: string): Promise<void>;'),
      sig('signature="@rstest/browser"', 'function setTestIdAttribute(attribute: number): Promise<void>;'),
      sig('signature="@rstest/browser"', "type LocatorMouseButton = 'left' | 'right' | 'middle' | 'back';"),
      sig(
        'signature="@rstest/core@0.11.9"',
        'interface ExpectStatic {\n  element(locator: Locator): BrowserElementExpect;\n}',
      ),
      sig('signature="@rstest/core@0.11.9"', 'function registerFileCleanup(fn: () => void): void;'),
      sig(
        'signature="@rstest/browser-react"',
        'function render(ui: ReactNode, options?: RenderOptions): Promise<RenderResult>;',
      ),
      sig('signature="@rstest/core@9.9.9"', 'function test(): void;'),
    ),
  ];
  const blocks = allBlocks(pages);
  let results: SignatureResult[] = [];
  const nth = (n: number) => results[n];
  const lineOf = (n: number, offset = 1) => `content/en/fixture/browser-signatures.md:${blocks[n].fence.line + offset}`;

  before(async () => {
    results = await checkSignatures(blocks);
  });

  test('a module the repository does not install, or another version, is resolved from test/examples/browser-mode', () => {
    assert.deepEqual(
      [targetOf('@rstest/browser').base, targetOf('@rstest/browser').version],
      ['browser-mode', '0.11.9'],
    );
    assert.deepEqual(
      [targetOf('@rstest/core@0.11.9').module, targetOf('@rstest/core@0.11.9').base],
      ['@rstest/core', 'browser-mode'],
    );
    assert.deepEqual([targetOf('').base, targetOf('').version], ['root', '0.12.0']);
    assert.deepEqual([targetOf('rs').base, targetOf('@rstest/core/api').base], ['root', 'root']);
  });

  test('a class without constructor: its instance API is compared with the real class, member by member', () => {
    assert.equal(nth(0).ok, true, nth(0).message);
    assert.deepEqual(nth(0).compared, ['Locator']);
    assert.equal(nth(1).ok, false);
    assert.match(
      nth(1).message!,
      new RegExp(`^${lineOf(1)}: the real Locator \\(@rstest/browser\\) does not fit`, 'm'),
    );
    assert.match(nth(1).message!, /test\/examples\/browser-mode\/node_modules\/@rstest\/browser\/dist/);
    assert.equal(nth(2).ok, false);
    assert.match(nth(2).message!, /documented member\(s\) "tap" not found on the real Locator \(@rstest\/browser\)/);
  });

  test('functions and aliases of @rstest/browser are compared as those of @rstest/core are', () => {
    assert.equal(nth(3).ok, true, nth(3).message);
    assert.deepEqual(nth(3).compared, ['setTestIdAttribute']);
    assert.equal(nth(4).ok, false);
    assert.match(nth(4).message!, /the real setTestIdAttribute \(@rstest\/browser\) does not fit/);
    assert.equal(nth(5).ok, false);
    assert.match(nth(5).message!, /the documented LocatorMouseButton is not assignable to the real one[\s\S]*"back"/);
  });

  test("@rstest/core@0.11.9: the workspace's core, with @rstest/browser's augmentation and internal names", () => {
    assert.equal(nth(6).ok, true, nth(6).message);
    assert.deepEqual(nth(6).compared, ['ExpectStatic']);
    // registerFileCleanup is new in 0.12.0: the block is checked against 0.11.9, which does not export it.
    assert.equal(nth(7).ok, false);
    assert.match(nth(7).message!, /registerFileCleanup is not an export of @rstest\/core/);
  });

  test('@rstest/core@0.11.9 alone (no @rstest/browser block in the program) still sees @rstest/browser', async () => {
    const [alone] = await checkSignatures([blocks[6]]);
    assert.equal(alone.ok, true, alone.message);
  });

  test('@rstest/browser-react, with the names its types import (ReactNode)', () => {
    assert.equal(nth(8).ok, true, nth(8).message);
    assert.deepEqual(nth(8).compared, ['render']);
  });

  test('a version that is installed nowhere fails, saying so', () => {
    assert.equal(nth(9).ok, false);
    assert.match(
      nth(9).message!,
      /@rstest\/core@9\.9\.9 is installed neither in node_modules nor in test\/examples\/browser-mode\/node_modules/,
    );
  });
});

describe('signature blocks in a run of the examples', () => {
  const pages = [
    page(
      'en',
      'fixture/run-signatures.md',
      fence('ts signature', 'function mergeRstestConfig(...configs: RstestConfig[]): RstestConfig;'),
      fence('ts signature', 'function mergeRstestConfig(a: number): string;'),
      fence('ts signature no-run="both"', 'function mergeRstestConfig(...configs: RstestConfig[]): RstestConfig;'),
    ),
  ];
  let outcomes: Outcome[] = [];
  before(async () => {
    ({ outcomes } = await runExamples(allBlocks(pages)));
  });

  test('they pass or fail like run blocks, and count as type-checked', () => {
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['passed', 'failed', 'failed'],
    );
    assert.match(outcomes[1].message!, /content\/en\/fixture\/run-signatures\.md:\d+: the real mergeRstestConfig/);
    assert.match(outcomes[2].message!, /either no-run/);
    const [en] = countByLang(outcomes);
    assert.deepEqual([en.found, en.ran, en.typeChecked, en.passed, en.failed], [3, 0, 2, 1, 2]);
  });
});

describe("config blocks: type-checked against @rstest/core's config type", () => {
  const config = (body: string, title = 'rstest.config.ts', lang = 'ts') =>
    fence(
      `${lang} title="${title}"`,
      `import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({\n${body}\n});`,
    );
  const pages = [
    page(
      'en',
      'fixture/configs.md',
      config('  retry: 2,'),
      config('  // a misspelt key: Rstest ignores it, the types do not\n  retries: 2,'),
      config("  retry: 'two',"),
      config("  coverage: { enabled: true, thresholds: { lines: '80%' } },"),
      config('  retries: 2,', 'rstest.config.mjs', 'js'),
      fence(
        'ts title="rsbuild.config.ts"',
        "import { defineConfig } from '@rsbuild/core';\n\nexport default defineConfig({\n  server: { port: 'eighty' },\n});",
      ),
      fence(
        'ts title="rstest.config.ts" no-run="Vitest-only keys, for comparison"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({ retries: 2 });",
      ),
      fence('ts title="src/shared.ts"', "export const shared = { testTimeout: '5s' };"),
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\nimport { shared } from './src/shared';\n\nexport default defineConfig({ ...shared });",
      ),
    ),
    page('zh', 'fixture/configs.md', config('  // 写错的键\n  retries: 2,')),
  ];
  const blocks = allBlocks(pages);
  let results: ConfigTypeResult[] = [];
  const of = (n: number) => {
    const r = results.find((x) => x.block === blocks[n]);
    assert.ok(r, `block ${n} (${blocks[n].where}) was not checked`);
    return r;
  };
  const lineOf = (n: number, text: string) =>
    `${blocks[n].page.file}:${blocks[n].fence.line + 1 + blocks[n].fence.content.split('\n').findIndex((l) => l.includes(text))}`;

  before(async () => {
    results = await checkConfigTypes(blocks, (file) => blocks.filter((b) => b.page.file === file));
  });

  test('a config with known keys of the right types passes', () => {
    assert.equal(of(0).ok, true, of(0).message);
  });

  test('an unknown key fails at content/<lang>/<page>.md:<line> of the key, in both languages', () => {
    assert.equal(of(1).ok, false);
    assert.match(
      of(1).message!,
      new RegExp(`^${lineOf(1, 'retries')}: TS\\d+: [\\s\\S]*'retries' does not exist in type`, 'm'),
    );
    assert.match(of(9).message!, new RegExp(`^${lineOf(9, 'retries')}: TS\\d+: [\\s\\S]*'retries'`, 'm'));
    assert.ok(lineOf(9, 'retries').startsWith('content/zh/fixture/configs.md:'));
  });

  test('a value of the wrong type fails at its line, also deep inside an option', () => {
    assert.equal(of(2).ok, false);
    assert.match(
      of(2).message!,
      new RegExp(
        `^${lineOf(2, "retry: 'two'")}: TS\\d+: [\\s\\S]*Type 'string' is not assignable to type 'number'`,
        'm',
      ),
    );
    assert.equal(of(3).ok, false);
    assert.match(
      of(3).message!,
      new RegExp(`^${lineOf(3, 'thresholds')}: TS\\d+: [\\s\\S]*Type 'string' is not assignable to type 'number`, 'm'),
    );
  });

  test('a JavaScript config is checked too', () => {
    assert.equal(of(4).ok, false);
    assert.match(of(4).message!, /'retries' does not exist in type/);
  });

  // Rsbuild's defineConfig infers the literal's own type (a generic), so its unknown keys pass: wrong types do not.
  test("an Rsbuild config beside it is checked against @rsbuild/core's type", () => {
    assert.equal(of(5).ok, false);
    assert.match(
      of(5).message!,
      new RegExp(`^${lineOf(5, 'eighty')}: TS\\d+: [\\s\\S]*'string' is not assignable to type 'number`, 'm'),
    );
  });

  test('a no-run config is not checked; an error in a support file the config imports is reported at its own line', () => {
    assert.equal(
      results.some((r) => r.block === blocks[6]),
      false,
    );
    assert.equal(of(8).ok, false);
    assert.match(of(8).message!, /content\/en\/fixture\/configs\.md:\d+: TS\d+: [\s\S]*testTimeout/);
  });
});

describe('config blocks in a run of the examples', () => {
  const pages = [
    page(
      'en',
      'fixture/run-configs.md',
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({ retry: 2 });",
      ),
      fence(
        'ts title="rstest.config.ts"',
        "import { defineConfig } from '@rstest/core';\n\nexport default defineConfig({ retries: 2 });",
      ),
    ),
  ];
  let outcomes: Outcome[] = [];
  before(async () => {
    ({ outcomes } = await runExamples(allBlocks(pages)));
  });

  test('a config that loads and runs but has an unknown key fails, at the key', () => {
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['passed', 'failed'],
    );
    assert.match(
      outcomes[1].message!,
      new RegExp(`content/en/fixture/run-configs\\.md:${outcomes[1].block.fence.line + 3}: TS\\d+: [\\s\\S]*'retries'`),
    );
  });
});
