// Guards against the upstream documentation errors listed at the end of the facts sheet: each one must stay
// corrected in both languages (the pages document what the code does, not what the upstream docs say).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allPages, fences, LANGS, readPage, type Lang } from '../content/pages.ts';

const pages = allPages();
const page = (lang: Lang, rel: string) => readPage(lang, rel);

/** The body text between a heading carrying `{#id}` and the next heading of the same or a higher level. */
function section(lang: Lang, rel: string, id: string): string {
  const lines = page(lang, rel).body.split('\n');
  const start = lines.findIndex((l) => l.includes(`{#${id}}`) && /^#+\s/.test(l));
  assert.notEqual(start, -1, `content/${lang}/${rel} has no heading {#${id}}`);
  const depth = /^#+/.exec(lines[start])![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && /^#+/.exec(l)![0].length <= depth);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('upstream documentation errors stay fixed', () => {
  test("pool: the pool type is 'forks' (upstream's type block says 'fork')", () => {
    for (const lang of LANGS) {
      const pool = page(lang, 'config/test/pool.md');
      const code = fences(pool)
        .map((f) => f.content)
        .join('\n');
      assert.match(code, /type: 'forks'/, `${pool.file}: no code shows type: 'forks'`);
    }
    const singular = pages.flatMap((p) =>
      fences(p)
        .filter((f) => /['"]fork['"]/.test(f.content))
        .map((f) => f.where),
    );
    assert.deepEqual(singular, [], `code blocks using the non-existent pool value 'fork':\n${singular.join('\n')}`);
  });

  test('pool: the default worker count is the computed rule, not "available CPUs"', () => {
    for (const lang of LANGS) {
      const pool = page(lang, 'config/test/pool.md');
      assert.ok(
        pool.body.includes('max(CPUs − 1, 1)'),
        `${pool.file}: the single-run rule max(CPUs − 1, 1) is missing`,
      );
      assert.ok(
        pool.body.includes('max(floor(CPUs / 2), 1)'),
        `${pool.file}: the watch-mode rule max(floor(CPUs / 2), 1) is missing`,
      );
      assert.doesNotMatch(
        pool.body,
        /available CPUs|可用的? ?CPU/i,
        `${pool.file}: describes the default as "available CPUs"`,
      );
    }
  });

  test('restoreMocks says what it does, not the resetMocks summary', () => {
    for (const lang of LANGS) {
      const restore = page(lang, 'config/test/restoreMocks.md');
      const reset = page(lang, 'config/test/resetMocks.md');
      assert.notEqual(
        restore.frontmatter.description,
        reset.frontmatter.description,
        `${restore.file}: same description as resetMocks`,
      );
      assert.match(restore.body, /restoreAllMocks/, `${restore.file}: does not name rstest.restoreAllMocks`);
      assert.match(restore.body, /spyOn/, `${restore.file}: does not mention that spied-on originals are put back`);
    }
  });

  test('no code sample uses Vitest’s vi object (upstream’s mock.contexts example did)', () => {
    // A Vitest "before" block on a migration page is allowed when it says so: no-run="Vitest code…".
    const isVitestSample = (info: string) => /\bno-run="Vitest code/.test(info);
    // The migration prompt for agents names the vi.* calls it tells the agent to rename.
    const isMigrationPrompt = (file: string, lang: string) =>
      file.endsWith('/guide/start/agent-migrate.md') && lang === 'md';
    const offenders = pages.flatMap((p) =>
      fences(p)
        .filter(
          (f) => !isVitestSample(f.info) && !isMigrationPrompt(p.file, f.lang) && /\bvi\.[a-zA-Z]/.test(f.content),
        )
        .map((f) => f.where),
    );
    assert.deepEqual(offenders, [], `code blocks using vi.* instead of rstest.* / rs.*:\n${offenders.join('\n')}`);
  });

  test('the config-file lookup order is not stated as the upstream docs give it', () => {
    for (const lang of LANGS) {
      const configure = page(lang, 'guide/basic/configure-rstest.md');
      for (const name of ['mjs', 'ts', 'js', 'cjs', 'mts', 'cts']) {
        assert.ok(
          configure.body.includes(`rstest.config.${name}`),
          `${configure.file}: rstest.config.${name} is not listed`,
        );
      }
      assert.doesNotMatch(
        configure.body,
        /first file found|找到的第一个文件/i,
        `${configure.file}: implies the documented order is the lookup order`,
      );
    }
  });

  test('the CLI options table lists --include', () => {
    for (const lang of LANGS) {
      const cli = page(lang, 'guide/basic/cli.md');
      assert.match(cli.body, /^\| `--include <include>` \|/m, `${cli.file}: no --include row in the options table`);
    }
  });

  test('TestContext lists onTestFailed', () => {
    for (const lang of LANGS) {
      const text = section(lang, 'api/test-api/test.md', 'testcontext');
      for (const member of ['expect', 'onTestFinished', 'onTestFailed']) {
        assert.ok(
          text.includes(`\`${member}\``),
          `content/${lang}/api/test-api/test.md#testcontext: ${member} is missing`,
        );
      }
    }
  });
});
