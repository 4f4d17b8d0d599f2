// Outline tracking in Chromium: the heading being read is marked in the side outline (wide screens) and in
// the local outline dropdown (1280 px and 375 px), also after a page change; the dropdown closes on an outside
// click, Escape, a choice and a page change; overview pages and framed pages have no outline.
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

/** Scrolls a heading to the reading line (under the sticky bars), as following its outline link would,
 *  and lets the navbar finish sliding (away when scrolling down, back when up) so clicks land where a
 *  reader would click. */
async function scrollToHeading(page: Page, id: string): Promise<void> {
  const down = await page.evaluate((id) => {
    const before = window.scrollY;
    document.getElementById(id)!.scrollIntoView();
    return window.scrollY > before;
  }, id);
  await page.waitForFunction((down) => document.documentElement.classList.contains('navbar-hidden') === down, down);
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

const activeIn = (page: Page, list: string, id: string) =>
  page.locator(`${list} a.active[aria-current="location"][data-id="${id}"]`).waitFor({ state: 'attached' });

describe('outline tracking', () => {
  test('the side outline marks the heading being read (1440 px), also after a page change', async () => {
    const page = await h.open('/config/test/retry', 1440);
    await scrollToHeading(page, 'results');
    await activeIn(page, '.outline', 'results');
    await scrollToHeading(page, 'example');
    await activeIn(page, '.outline', 'example');
    assert.equal(await page.locator('.outline a.active').count(), 1, 'one heading at a time');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.outline a.active').waitFor({ state: 'detached' });

    await clickAndChange(page, page.locator('.sidebar a[href="/config/test/testTimeout"]'));
    await page.evaluate(() => new Promise(requestAnimationFrame)); // the new page is on screen
    const ids = await page.$$eval('.outline a[data-id]', (links) => links.map((a) => (a as HTMLElement).dataset.id!));
    await scrollToHeading(page, ids[1]);
    await activeIn(page, '.outline', ids[1]);
  });

  test('at the end of the page, the heading the reader chose is marked while it is on screen, else the last one', async () => {
    const page = await h.open('/config/test/retry', 1440);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await activeIn(page, '.outline', 'related');
    // The page is at its end: choosing Notes cannot scroll it, only the hash changes.
    await page.locator('.outline a[data-id="notes"]').click();
    await activeIn(page, '.outline', 'notes');
    await page.locator('.outline a[data-id="related"]').click();
    await activeIn(page, '.outline', 'related');
    await page.locator('.outline a[data-id="notes"]').click();
    await activeIn(page, '.outline', 'notes');
    // Notes scrolled out of sight above: the end of the page is being read.
    await page.evaluate(() => document.getElementById('notes')!.style.setProperty('margin-bottom', '120vh'));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await activeIn(page, '.outline', 'related');
  });

  for (const width of WIDTHS) {
    test(`at ${width} px the local outline dropdown marks the heading and closes on outside click, Escape, a choice and a page change`, async () => {
      const page = await h.open('/config/test/retry', width);
      assert.equal(
        await page.locator('aside.outline').isVisible(),
        false,
        'the side outline gives way to the dropdown',
      );
      const dropdown = page.locator('details.local-outline');
      const summary = dropdown.locator('summary');
      // Each state is waited for (a busy machine paints an opening dropdown's links a frame or more later), then
      // asserted: a state that never comes fails with what was expected.
      const opens = (open: boolean, what: string) =>
        page
          .waitForFunction(
            (open) => document.querySelector<HTMLDetailsElement>('details.local-outline')?.open === open,
            open,
            {
              timeout: 5000,
            },
          )
          .then(
            () => undefined,
            () => assert.fail(`${what}: the dropdown is ${open ? 'closed' : 'open'}`),
          );

      // Clicked where it is: Playwright's click() would first scroll the sticky summary a few pixels up past the scroll
      // padding. That brings the navbar back, and the bar slides down under the pointer (between the press and the
      // release on a busy machine: no click), and the outline rightly marks the heading above once its throttled
      // tracking runs (before a check on a busy machine, after it on an idle one).
      const open = async (what: string) => {
        await summary.dispatchEvent('click');
        await opens(true, what);
      };

      await scrollToHeading(page, 'results');
      await activeIn(page, '.local-outline', 'results');
      await open('a click on the summary opens it');
      await dropdown.locator('a.active[data-id="results"]').waitFor({ state: 'visible', timeout: 5000 });

      await page.mouse.click(width / 2, 700);
      await opens(false, 'an outside click closes it');

      await open('a click on the summary opens it after an outside click');
      await page.keyboard.press('Escape');
      await opens(false, 'Escape closes it');

      await open('a click on the summary opens it after Escape');
      await dropdown.locator('a[data-id="notes"]').click();
      await opens(false, 'choosing a heading closes it');
      assert.equal(new URL(page.url()).hash, '#notes');
      await activeIn(page, '.local-outline', 'notes');

      await open('a click on the summary opens it again');
      const changed = page.evaluate(
        () => new Promise((resolve) => document.addEventListener('docs:page-change', resolve, { once: true })),
      );
      await page.evaluate(() =>
        document.dispatchEvent(
          new CustomEvent('docs:navigate', { detail: { href: '/config/test/testTimeout' }, cancelable: true }),
        ),
      );
      await changed;
      await opens(false, 'a page change closes it');
    });
  }

  test('overview pages have no outline', async () => {
    const page = await h.open('/config/', 1440);
    assert.equal(await page.locator('.outline, .local-outline').count(), 0);
  });

  test('a page shown inside a frame has no outline', async () => {
    const page = await (await h.context(1500)).newPage();
    await page.goto(`${h.server.url}/404.html`);
    await page.setContent(
      `<iframe src="${h.server.url}/config/test/retry" style="width:1460px;height:700px"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await frame.locator('h1').waitFor();
    assert.ok(await frame.locator('html.hide-outline').count());
    assert.equal(await frame.locator('aside.outline').isVisible(), false);
  });
});
