// The reading position survives a reload: the client router keeps the scroll position in history.state as the
// reader scrolls (throttled), and restores it on reload and on back/forward across full page loads; so are the
// content's open <details> and chosen code-group tabs, also on back to a page the router swapped out.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  clickAndChange,
  markWindow,
  nextPageChange,
  startHarness,
  stillSameWindow,
  type Harness,
} from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

/** Back to the page before, once the router has swapped it in again (the URL changes first). */
async function backAndChange(page: Page): Promise<void> {
  const changed = nextPageChange(page);
  await page.goBack();
  await changed;
}

const near = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) <= 4, `scrolled to ${actual}, expected ${expected}`);

test('a reload keeps the scroll position (kept in history.state while scrolling)', async () => {
  const page = await h.open('/guide/start/quick-start');
  await page.evaluate(() => window.scrollTo(0, 700));
  await page.waitForFunction(() => (history.state as { scrollY?: number } | null)?.scrollY === 700, undefined, {
    timeout: 3000,
  });
  await page.reload();
  await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 3000 });
  near(await page.evaluate(() => window.scrollY), 700);
});

test('back to a page left by a full load restores its position', async () => {
  const page = await h.open('/guide/start/quick-start');
  await page.evaluate(() => window.scrollTo(0, 500));
  await page.waitForFunction(() => (history.state as { scrollY?: number } | null)?.scrollY === 500, undefined, {
    timeout: 3000,
  });
  // A full load (the router leaves .md files to the browser).
  await page.goto(`${h.server.url}/guide/start/quick-start.md`);
  await page.goBack();
  await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 3000 });
  near(await page.evaluate(() => window.scrollY), 500);
});

test('scrolling writes history.state at a limited rate', async () => {
  const page = await h.open('/guide/start/quick-start');
  const calls = await page.evaluate(async () => {
    let count = 0;
    const original = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      count++;
      original(...args);
    };
    for (let y = 0; y < 1000; y += 20) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
    }
    await new Promise((r) => setTimeout(r, 400));
    return count;
  });
  // 50 frames of scrolling (~0.8 s) at one write per 300 ms: a handful, not one per scroll event.
  assert.ok(calls >= 1 && calls <= 8, `${calls} replaceState calls`);
});

test("the content's open <details> stay open after a reload and after back from another page", async () => {
  const page = await h.open('/guide/browser-testing/getting-started');
  const details = page.locator('.doc-content details').first();
  const isOpen = () => details.evaluate((el) => (el as HTMLDetailsElement).open);
  assert.equal(await isOpen(), false, 'closed at first');
  await details.locator('summary').click();
  assert.equal(await isOpen(), true);
  await page.reload();
  assert.equal(await isOpen(), true, 'open after the reload');
  // Another page through the router (a swap), then back: the page is swapped in again.
  await markWindow(page);
  await clickAndChange(page, page.locator('.sidebar a[href$="/guide/start/quick-start"]').first());
  await backAndChange(page);
  assert.equal(await stillSameWindow(page), true, 'no full load');
  assert.equal(await isOpen(), true, 'open after back');
});

test("a code group's chosen tab stays chosen after a reload and after back from another page", async () => {
  const page = await h.open('/config/test/testEnvironment');
  const strip = page.locator('.doc-content .code-group:not(.pm-group) > .tabs').first();
  const chosen = () =>
    strip.evaluate((el) => [...el.querySelectorAll('input')].findIndex((input) => (input as HTMLInputElement).checked));
  assert.equal(await chosen(), 0, 'the first tab at first');
  await strip.locator('label').nth(1).click();
  assert.equal(await chosen(), 1);
  await page.reload();
  assert.equal(await chosen(), 1, 'still chosen after the reload');
  await clickAndChange(page, page.locator('.sidebar a[href$="/config/test/retry"]').first());
  await backAndChange(page);
  assert.equal(await chosen(), 1, 'still chosen after back');
});
