// The `pm` fence: one npm command becomes npm / yarn / pnpm / bun tabs (<pm-tabs> around a CSS-only radio group),
// and a command it cannot translate is a build problem with file and line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { derivePmCommands } from '../../lib/markdown/pm.ts';
import { renderMarkdown } from '../fixtures/sites/support.ts';

describe('derivePmCommands', () => {
  const cases: [string, Record<'npm' | 'yarn' | 'pnpm' | 'bun', string>][] = [
    [
      'npm install -D @rstest/core',
      {
        npm: 'npm install -D @rstest/core',
        yarn: 'yarn add -D @rstest/core',
        pnpm: 'pnpm add -D @rstest/core',
        bun: 'bun add -D @rstest/core',
      },
    ],
    [
      'npm i --save-dev a b',
      { npm: 'npm i --save-dev a b', yarn: 'yarn add -D a b', pnpm: 'pnpm add -D a b', bun: 'bun add -D a b' },
    ],
    [
      'npm install -E react',
      {
        npm: 'npm install -E react',
        yarn: 'yarn add --exact react',
        pnpm: 'pnpm add --save-exact react',
        bun: 'bun add --exact react',
      },
    ],
    ['npm install', { npm: 'npm install', yarn: 'yarn install', pnpm: 'pnpm install', bun: 'bun install' }],
    [
      'npm install -g @rstest/cli',
      {
        npm: 'npm install -g @rstest/cli',
        yarn: 'yarn global add @rstest/cli',
        pnpm: 'pnpm add -g @rstest/cli',
        bun: 'bun add -g @rstest/cli',
      },
    ],
    [
      'npm run test -- --watch',
      {
        npm: 'npm run test -- --watch',
        yarn: 'yarn test --watch',
        pnpm: 'pnpm test --watch',
        bun: 'bun run test --watch',
      },
    ],
    ['npm run build', { npm: 'npm run build', yarn: 'yarn build', pnpm: 'pnpm build', bun: 'bun run build' }],
    ['npm test', { npm: 'npm test', yarn: 'yarn test', pnpm: 'pnpm test', bun: 'bun run test' }],
    [
      'npx rstest --retry 2',
      {
        npm: 'npx rstest --retry 2',
        yarn: 'yarn rstest --retry 2',
        pnpm: 'pnpm rstest --retry 2',
        bun: 'bunx rstest --retry 2',
      },
    ],
    [
      'npm create rstest@latest',
      {
        npm: 'npm create rstest@latest',
        yarn: 'yarn create rstest@latest',
        pnpm: 'pnpm create rstest@latest',
        bun: 'bun create rstest@latest',
      },
    ],
    ['npm init', { npm: 'npm init', yarn: 'yarn init', pnpm: 'pnpm init', bun: 'bun init' }],
    [
      'npm uninstall jest',
      { npm: 'npm uninstall jest', yarn: 'yarn remove jest', pnpm: 'pnpm remove jest', bun: 'bun remove jest' },
    ],
  ];
  for (const [input, expected] of cases) {
    test(input, () => assert.deepEqual(derivePmCommands(input), expected));
  }

  test('a command with no yarn/pnpm/bun form, a non-npm command or a script-less run throws a readable message', () => {
    assert.throws(
      () => derivePmCommands('npm audit'),
      /"npm audit" has no known yarn\/pnpm\/bun form; use install, uninstall, run, test, create or npx/,
    );
    assert.throws(() => derivePmCommands('yarn add x'), /"yarn add x" is not an npm command/);
    assert.throws(() => derivePmCommands('npm run'), /names no script/);
  });
});

describe('the pm fence', () => {
  test('renders <pm-tabs> with npm selected and every command readable without JavaScript', async () => {
    const { html } = await renderMarkdown('```pm\nnpm install -D @rstest/core\n```');
    // First its own UI (a declarative shadow root: the ARIA tab strip, npm selected), then the radio group it slots.
    const shadow =
      /^<pm-tabs group="pm"><template shadowrootmode="open">(.*?)<\/template><div class="code-group pm-group">/.exec(
        html,
      );
    assert.ok(shadow, 'a declarative shadow root before the radio group');
    const ariaTabs = [
      ...shadow[1].matchAll(/role="tab" id="tab-\d" aria-selected="(true|false)"[^>]*>(\w+)<\/button>/g),
    ];
    assert.deepEqual(
      ariaTabs.map((t) => [t[2], t[1]]),
      [
        ['npm', 'true'],
        ['yarn', 'false'],
        ['pnpm', 'false'],
        ['bun', 'false'],
      ],
    );
    assert.match(
      shadow[1],
      /^<style data-shadow-style="pm-tabs"><\/style>/,
      'its stylesheet, written in when the page is',
    );
    const tabs = [
      ...html.matchAll(
        /<input type="radio" name="[^"]+" id="([^"]+)" value="\d"( checked)?><label for="\1">(\w+)<\/label>/g,
      ),
    ];
    assert.deepEqual(
      tabs.map((t) => t[3]),
      ['npm', 'yarn', 'pnpm', 'bun'],
    );
    assert.deepEqual(
      tabs.map((t) => Boolean(t[2])),
      [true, false, false, false],
    );
    const text = html.replace(/<template[^]*?<\/template>/, '').replace(/<[^>]+>/g, '');
    for (const command of [
      'npm install -D @rstest/core',
      'yarn add -D @rstest/core',
      'pnpm add -D @rstest/core',
      'bun add -D @rstest/core',
    ]) {
      assert.ok(text.includes(command), command);
    }
    assert.equal((html.match(/code-copy-btn/g) ?? []).length, 4, 'each command has its copy button');
  });

  test('an unknown command is a build problem at the fence line (front matter counted)', async () => {
    const source = '# Install\n\nText.\n\n```pm\nnpm audit\n```\n';
    const { html, env } = await renderMarkdown(source, { lineOffset: 4 });
    assert.doesNotMatch(html, /pm-tabs/);
    assert.equal(env.problems.length, 1);
    const [problem] = env.problems;
    assert.equal(problem.file, env.file);
    assert.equal(problem.line, 4 + 5, 'the line of the opening fence in the file');
    assert.match(problem.message, /^pm block: "npm audit" has no known yarn\/pnpm\/bun form/);
    assert.match(problem.fix, /npm install -D @rstest\/core/);
  });
});
