// The Browser Mode version pair the pages tell readers to install is the pair the examples harness runs
// (test/examples/browser-mode/package.json): when one moves, the other must move with it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { allPages, fences, LANGS, ROOT } from '../content/pages.ts';

const workspace = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/examples/browser-mode/package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const core = workspace.devDependencies['@rstest/core'];
const browser = workspace.devDependencies['@rstest/browser'];
const browserReact = workspace.devDependencies['@rstest/browser-react'];
const pages = allPages();
const pairCommand = `npm install -D -E @rstest/core@${core} @rstest/browser@${browser}`;

describe('Browser Mode version pair on the pages', () => {
  test('the harness pins one exact version for @rstest/core and @rstest/browser', () => {
    assert.match(core, /^\d+\.\d+\.\d+$/, '@rstest/core is not an exact version in the Browser Mode workspace');
    assert.equal(browser, core, '@rstest/browser and @rstest/core differ in the Browser Mode workspace');
  });

  for (const lang of LANGS) {
    test(`${lang}: the install pages give the harness's pair as an exact-version command`, () => {
      for (const rel of [
        'config/test/browser.md',
        'guide/browser-testing/index.md',
        'guide/browser-testing/getting-started.md',
      ]) {
        const page = pages.find((p) => p.file === `content/${lang}/${rel}`);
        assert.ok(page, `content/${lang}/${rel} is missing`);
        const commands = fences(page)
          .filter((f) => f.lang === 'pm')
          .map((f) => f.content.trim());
        assert.ok(commands.includes(pairCommand), `${page.file}: no pm block "${pairCommand}"`);
      }
    });

    test(`${lang}: the package.json of the version-pair section pins the same pair`, () => {
      const page = pages.find((p) => p.file === `content/${lang}/guide/browser-testing/index.md`)!;
      const json = fences(page).find((f) => f.lang === 'json' && /title="package\.json"/.test(f.info));
      assert.ok(json, `${page.file}: no package.json block`);
      const deps = (JSON.parse(json.content) as { devDependencies: Record<string, string> }).devDependencies;
      assert.equal(deps['@rstest/core'], core, `${json.where}: @rstest/core is not ${core}`);
      assert.equal(deps['@rstest/browser'], browser, `${json.where}: @rstest/browser is not ${browser}`);
    });

    test(`${lang}: the React helper is installed at the harness's @rstest/browser-react version`, () => {
      const page = pages.find((p) => p.file === `content/${lang}/guide/browser-testing/framework-guides.md`)!;
      const commands = fences(page)
        .filter((f) => f.lang === 'pm')
        .map((f) => f.content.trim());
      assert.ok(
        commands.includes(`npm install -D -E @rstest/browser-react@${browserReact}`),
        `${page.file}: no pm block installing @rstest/browser-react@${browserReact}`,
      );
    });
  }
});
