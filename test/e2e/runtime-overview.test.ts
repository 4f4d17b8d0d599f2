// The overview pages in Chromium at 1280 px and 375 px: the filter is focused on load (also when reached
// through the client router), matches group names, page titles and heading texts (API names too) regardless
// of case and hyphens, and says "No matching API found {query}" (localized) when nothing is left. The API
// overview lists the API names (the H3s of the API pages); the config overview names each group once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { clickAndChange, startHarness, WIDTHS, type Harness } from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

const card = (page: Page, title: string) =>
  page.locator('.overview-card').filter({ has: page.locator(`h3 a:text-is("${title}")`) });
const group = (page: Page, name: string) =>
  page.locator('.overview-group').filter({ has: page.locator(`.overview-group-title:text-is("${name}")`) });
const focusedIsFilter = (page: Page) =>
  page.evaluate(() => document.activeElement === document.querySelector('overview-filter input'));

for (const width of WIDTHS) {
  describe(`overview filter at ${width} px`, () => {
    test('the filter is labelled, focused on load, and filters by title, group and heading', async () => {
      const page = await h.open('/api/', width);
      const input = page.getByLabel('Filter');
      assert.equal(await input.getAttribute('placeholder'), 'Enter keyword');
      assert.ok(await focusedIsFilter(page), 'focused on load');

      // A page title, in another case and with a hyphen for the space.
      await input.fill('MOCK-MODULES');
      assert.ok(await card(page, 'Mock modules').isVisible());
      assert.equal(await card(page, 'Expect').isVisible(), false);
      assert.equal(await group(page, 'Test API').isVisible(), false, 'a group with nothing left hides');

      // A group name shows its whole group.
      await input.fill('test-api');
      assert.equal(
        await group(page, 'Test API').locator('.overview-card:visible').count(),
        await group(page, 'Test API').locator('.overview-card').count(),
      );
      assert.equal(await group(page, 'Rstest Utility').isVisible(), false);

      // A heading shows its page with the matching headings only.
      const expect = card(page, 'Expect');
      // The visible text of each section heading (the link also names its page for assistive technology).
      const headings = await expect
        .locator('.overview-headings > li > a')
        .evaluateAll((links) =>
          links.map((a) => ({ href: a.getAttribute('href')!, text: a.firstChild!.textContent! })),
        );
      const section = (href: string) => expect.locator(`.overview-headings > li:has(> a[href="${href}"])`);
      await input.fill(headings[2].text.toUpperCase());
      assert.ok(await expect.isVisible());
      assert.ok(await section(headings[2].href).isVisible());
      assert.equal(await section(headings[0].href).isVisible(), false);

      await input.fill('zzzqqq');
      assert.equal(await page.locator('.overview-empty').innerText(), 'No matching API found zzzqqq');
      assert.equal(await page.locator('.overview-card:visible').count(), 0);

      await input.fill('');
      assert.equal(await page.locator('.overview-empty').isVisible(), false);
      assert.equal(await page.locator('.overview-card:visible').count(), await page.locator('.overview-card').count());
    });

    test('the API overview lists the API names, and the filter finds them', async () => {
      const page = await h.open('/api/', width);
      const input = page.getByLabel('Filter');
      const name = (text: string) => page.locator(`.overview-card a:has(code:text-is("${text}"))`);
      // Listed without filtering, each linking to its heading.
      assert.equal(await name('toBe').getAttribute('href'), '/api/test-api/expect#tobe');
      assert.equal(await name('rstest.mock').getAttribute('href'), '/api/rstest/mockModules#rstestmock');
      assert.equal(
        await name('rstest.useFakeTimers').getAttribute('href'),
        '/api/rstest/fakeTimers#rstestusefaketimers',
      );

      for (const [query, title, shown] of [
        ['toBe', 'Expect', 'toBe'],
        ['rstest.mock', 'Mock modules', 'rstest.mock'],
        ['useFakeTimers', 'Fake timers', 'rstest.useFakeTimers'],
      ]) {
        await input.fill(query);
        assert.ok(await card(page, title).isVisible(), `${query}: ${title} is shown`);
        assert.ok(await name(shown).isVisible(), `${query}: ${shown} is shown`);
      }
      await input.fill('useFakeTimers');
      assert.equal(await page.locator('.overview-card:visible').count(), 1, 'only the page that has it');
      assert.equal(await name('rstest.useRealTimers').isVisible(), false, 'and only the matching names');
    });

    test('the config overview names each group once, under the page\u2019s own heading', async () => {
      const page = await h.open('/config/', width);
      const titles = (await page.locator('#main h2').allInnerTexts()).map((t) =>
        t.replace(/#$/, '').trim().toLowerCase(),
      );
      assert.equal(titles.filter((t) => t === 'test configurations').length, 1);
      assert.equal(titles.filter((t) => t === 'build configurations').length, 1);
      const test = page.locator('.overview-group[data-group="Test Configurations"]');
      assert.ok(
        await test.locator('h2#test-configurations').isVisible(),
        'the group sits under the page\u2019s heading',
      );
      assert.equal(await test.locator('.overview-card').count(), 47);
      // No card lists the headings every option page has.
      // Each prose heading link ends with its page's name for assistive technology: "Notes (retry)".
      const listed = (await page.locator('.overview-card li > a').allInnerTexts()).map((t) =>
        t.replace(/\s*\([^)]*\)$/, ''),
      );
      assert.ok(listed.includes('Per-file override'), 'informative headings stay');
      for (const boilerplate of ['Related', 'Notes']) assert.ok(!listed.includes(boilerplate), boilerplate);
      assert.ok(
        await card(page, 'bail').locator('.overview-card-desc').isVisible(),
        'a card without headings shows its description',
      );
      await page.getByLabel('Filter').fill('define');
      assert.ok(await page.locator('.overview-card a:has(code:text-is("source.define"))').isVisible());
      assert.equal(await test.isVisible(), false);
    });

    test('the Chinese overview speaks Chinese', async () => {
      const page = await h.open('/zh/config/', width);
      const input = page.getByLabel('筛选');
      assert.equal(await input.getAttribute('placeholder'), '输入关键词');
      await input.fill('zzzqqq');
      assert.equal(await page.locator('.overview-empty').innerText(), '没有匹配的 API：zzzqqq');
    });

    test('reached through the client router, the filter is focused and works', async () => {
      const page = await h.open('/guide/start/', width);
      if (width < 769) await page.click('.nav-toggle-button');
      await clickAndChange(page, page.locator('.navbar .nav-link', { hasText: 'Config' }));
      assert.equal(new URL(page.url()).pathname, '/config/');
      assert.ok(await focusedIsFilter(page));
      await page.keyboard.type('retry');
      assert.ok(await card(page, 'retry').isVisible());
      assert.equal(await card(page, 'plugins').isVisible(), false);
    });
  });
}
