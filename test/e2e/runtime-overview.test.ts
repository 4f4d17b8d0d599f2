// The overview pages' filter in Chromium at 1280 px and 375 px: focused on load (also when reached through
// the client router), matching group names, page titles and heading texts regardless of case and hyphens,
// and saying "No matching API found {query}" (localized) when nothing is left.
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

const card = (page: Page, title: string) => page.locator('.overview-card').filter({ has: page.locator(`h3 a:text-is("${title}")`) });
const group = (page: Page, name: string) => page.locator('.overview-group').filter({ has: page.locator(`.overview-group-title:text-is("${name}")`) });
const focusedIsFilter = (page: Page) => page.evaluate(() => document.activeElement === document.querySelector('overview-filter input'));

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
      assert.equal(await group(page, 'Test API').locator('.overview-card:visible').count(), await group(page, 'Test API').locator('.overview-card').count());
      assert.equal(await group(page, 'Rstest Utility').isVisible(), false);

      // A heading shows its page with the matching headings only.
      const expect = card(page, 'Expect');
      const headings = await expect.locator('li').allInnerTexts();
      await input.fill(headings[0].toUpperCase());
      assert.ok(await expect.isVisible());
      assert.ok(await expect.locator('li', { hasText: headings[0] }).isVisible());
      const other = headings.find((text) => !text.toLowerCase().includes(headings[0].toLowerCase()))!;
      assert.equal(await expect.locator('li').filter({ hasText: other }).first().isVisible(), false);

      await input.fill('zzzqqq');
      assert.equal(await page.locator('.overview-empty').innerText(), 'No matching API found zzzqqq');
      assert.equal(await page.locator('.overview-card:visible').count(), 0);

      await input.fill('');
      assert.equal(await page.locator('.overview-empty').isVisible(), false);
      assert.equal(await page.locator('.overview-card:visible').count(), await page.locator('.overview-card').count());
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
