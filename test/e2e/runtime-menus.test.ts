// Menus and navbar behaviours in Chromium at 1280 px and 375 px: the hamburger menu, the sidebar overlay
// with scroll lock, sidebar group animation and remembered state, the nav dropdown's aria-expanded, the
// navbar's auto-hide (and never/always), the home bar's transparency, and the hero stars.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { clickAndChange, markWindow, startHarness, stillSameWindow, WIDTHS, type Harness } from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

const isLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/**
 * The durations (ms) of the animations the page starts from now on, as DevTools' Animation panel records
 * them: an event per animation, so one that ends before the test looks (a loaded machine) is still counted.
 */
async function startedAnimations(page: Page): Promise<number[]> {
  const durations: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Animation.animationStarted', ({ animation }) => durations.push(animation.source?.duration ?? 0));
  await cdp.send('Animation.enable');
  return durations;
}

/** The page with the site's hideNavbar option switched, as a site configured so would serve it. */
async function withHideNavbar(
  mode: 'never' | 'always',
  pathname: string,
  width: number,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const ctx = await h.context(width, options);
  await ctx.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace('data-hide="auto"', `data-hide="${mode}"`),
      });
    },
  );
  const page = await ctx.newPage();
  await page.goto(h.server.url + pathname);
  return page;
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo(0, y), y);
  await page.waitForFunction((y) => window.scrollY === y, y);
}

describe('hamburger menu at 375 px', () => {
  test('the button opens the full-screen menu with aria-expanded and closes on Escape, page change and a wide window', async () => {
    const page = await h.open('/guide/start/', 375);
    const button = page.locator('.nav-toggle-button');
    const menu = page.locator('.navbar-right');
    assert.equal(
      await page.locator('label.nav-toggle').isVisible(),
      false,
      'the no-JavaScript label gives way to the button',
    );
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.isVisible(), false);

    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await menu.isVisible());
    assert.ok(await isLocked(page), 'the page behind does not scroll');
    assert.equal(
      await page.evaluate(() => document.getElementById('main')?.closest('[inert]') != null),
      true,
      'nor takes focus',
    );
    await page.keyboard.press('Escape');
    assert.equal(await menu.isVisible(), false);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'focus returns to the button');
    assert.equal(await isLocked(page), false);

    await button.click();
    await markWindow(page);
    await clickAndChange(page, menu.locator('.nav-link', { hasText: 'API' }));
    assert.equal(new URL(page.url()).pathname, '/api/');
    assert.ok(await stillSameWindow(page));
    assert.equal(await menu.isVisible(), false, 'a page change closes it');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await isLocked(page), false);

    await button.click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => !(document.getElementById('nav-toggle') as HTMLInputElement).checked);
    await page.setViewportSize({ width: 375, height: 800 });
    assert.equal(await menu.isVisible(), false, 'an outer width of 768 or more closed it');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
  });
});

describe('sidebar overlay at 375 px', () => {
  test('opens from the menu bar, locks the page, and closes on backdrop click, Escape and page change', async () => {
    const page = await h.open('/guide/start/', 375);
    const button = page.locator('.sidebar-toggle-button');
    const sidebar = page.locator('#sidebar');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await sidebar.isVisible(), false);

    await button.click();
    await settled(page);
    assert.ok(await sidebar.isVisible());
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await isLocked(page));
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-current')),
      'page',
      'focus starts at the current page',
    );
    const mainInert = () => page.evaluate(() => document.getElementById('main')?.closest('[inert]') != null);
    assert.equal(await mainInert(), true, 'the page behind the overlay is inert: Tab stays in the sidebar');

    await page.mouse.click(360, 400);
    await settled(page);
    assert.equal(await sidebar.isVisible(), false, 'a backdrop click closes it');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await mainInert(), false, 'the page is usable again');
    assert.equal(await isLocked(page), false);

    await button.click();
    await page.keyboard.press('Escape');
    await settled(page);
    assert.equal(await sidebar.isVisible(), false, 'Escape closes it');

    await button.click();
    await settled(page);
    await clickAndChange(page, sidebar.locator('a[href="/guide/basic/cli"]'));
    await settled(page);
    assert.equal(await page.locator('#sidebar').isVisible(), false, 'a page change closes it');
    assert.equal(await isLocked(page), false);
    assert.equal(await page.locator('.sidebar-toggle-button').getAttribute('aria-expanded'), 'false');
  });

  test('at 1280 px the sidebar is a column, not an overlay', async () => {
    const page = await h.open('/guide/start/', 1280);
    assert.ok(await page.locator('#sidebar').isVisible());
    assert.equal(await page.locator('.sidebar-toggle-button').isVisible(), false);
  });
});

for (const width of WIDTHS) {
  describe(`sidebar groups at ${width} px`, () => {
    test('groups animate (0.5 s closing, 0.3 s opening) and keep their state across page changes', async () => {
      const page = await h.open('/config/test/retry', width);
      if (width < 961) {
        await page.click('.sidebar-toggle-button');
        await settled(page);
      }
      const build = page.locator('details[data-group="Build Configurations"]');
      const durations = await startedAnimations(page);
      await build.locator('summary').click();
      await settled(page);
      assert.ok(durations.includes(500), `closing takes 0.5 s (animations started: ${durations})`);
      await page.waitForFunction(
        () => !(document.querySelector('details[data-group="Build Configurations"]') as HTMLDetailsElement).open,
      );

      await clickAndChange(page, page.locator('#sidebar a[href="/config/test/testTimeout"]'));
      assert.equal(
        await page
          .locator('details[data-group="Build Configurations"]')
          .evaluate((d) => (d as HTMLDetailsElement).open),
        false,
        'the closed group stays closed',
      );
      assert.ok(
        await page.locator('details[data-group="Test Configurations"]').evaluate((d) => (d as HTMLDetailsElement).open),
        'the current page\u2019s group is open',
      );

      if (width < 961) {
        await page.click('.sidebar-toggle-button');
        await settled(page);
      }
      const reopened = await startedAnimations(page);
      await page.locator('details[data-group="Build Configurations"] summary').click();
      await settled(page);
      assert.ok(reopened.includes(300), `opening takes 0.3 s (animations started: ${reopened})`);
      assert.ok(await page.locator('#sidebar a[href="/config/build/plugins"]').isVisible());
    });
  });

  describe(`navbar at ${width} px`, () => {
    test('auto: hides while scrolling down and comes back on scrolling up', async () => {
      const page = await h.open('/guide/basic/cli', width);
      const navbar = page.locator('header.navbar');
      assert.equal(await navbar.evaluate((el) => (el as HTMLElement).offsetHeight), width > 768 ? 72 : 56);
      await scrollTo(page, 900);
      await page.waitForFunction(() => document.documentElement.classList.contains('navbar-hidden'));
      await settled(page);
      assert.ok((await navbar.boundingBox())!.y + (await navbar.boundingBox())!.height <= 0, 'slid out of view');
      await scrollTo(page, 600);
      await page.waitForFunction(() => !document.documentElement.classList.contains('navbar-hidden'));
      await settled(page);
      assert.equal((await navbar.boundingBox())!.y, 0);
    });

    test('never: stays while scrolling down', async () => {
      const page = await withHideNavbar('never', '/guide/basic/cli', width);
      await scrollTo(page, 900);
      await scrollTo(page, 1200);
      await settled(page);
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('navbar-hidden')), false);
      assert.equal((await page.locator('header.navbar').boundingBox())!.y, 0);
    });

    test('always: no navbar, and the page uses its height', async () => {
      const page = await withHideNavbar('always', '/guide/basic/cli', width);
      assert.equal(await page.locator('header.navbar').isVisible(), false);
      assert.equal(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--docs-navbar-height').trim(),
        ),
        '0px',
      );
    });

    test('the home bar is transparent within 100 px of the top', async () => {
      const page = await h.open('/', width);
      const background = () => page.locator('header.navbar').evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.equal(await background(), 'rgba(0, 0, 0, 0)');
      await scrollTo(page, 50);
      assert.equal(await background(), 'rgba(0, 0, 0, 0)');
      await scrollTo(page, 150);
      await page.waitForFunction(() => !document.querySelector('header.navbar')!.classList.contains('transparent'));
      await settled(page);
      assert.notEqual(await background(), 'rgba(0, 0, 0, 0)');
      await scrollTo(page, 0);
      await page.waitForFunction(() => document.querySelector('header.navbar')!.classList.contains('transparent'));
    });

    test('hero stars lean toward a pointer within 100 px, and stay still under reduced motion', async () => {
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const page = await (await h.context(width, { reducedMotion })).newPage();
        await page.goto(`${h.server.url}/`);
        const stars = page.locator('.hero-stars .hero-star');
        assert.equal(await stars.count(), 35);
        const star = await stars.nth(10).boundingBox();
        await page.mouse.move(star!.x + 30, star!.y + 30);
        if (reducedMotion === 'reduce') {
          await page.evaluate(() => new Promise(requestAnimationFrame));
          assert.equal(await stars.nth(10).evaluate((el) => el.style.transform), '', 'still under reduced motion');
        } else {
          await page.waitForFunction(() =>
            document.querySelectorAll<HTMLElement>('.hero-star')[10].style.transform.startsWith('translate'),
          );
          await page.mouse.move(star!.x + 400, star!.y + 300);
          await page.waitForFunction(
            () => document.querySelectorAll<HTMLElement>('.hero-star')[10].style.transform === '',
          );
        }
      }
    });
  });
}

describe('nav dropdown at 1280 px', () => {
  test('aria-expanded follows hover and keyboard; Escape closes', async () => {
    const page = await h.open('/guide/start/', 1280);
    const button = page.locator('.lang-switch .nav-dropdown-button');
    const menu = page.locator('.lang-switch .nav-dropdown-menu');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await page.hover('.lang-switch');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await settled(page);
    assert.ok(await menu.isVisible());
    await page.mouse.move(10, 600);
    await page.waitForFunction(
      () => document.querySelector('.lang-switch .nav-dropdown-button')!.getAttribute('aria-expanded') === 'false',
    );
    await settled(page);
    assert.equal(await menu.isVisible(), false);

    await button.focus();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    await settled(page);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.isVisible(), false);
    await page.keyboard.press('Enter');
    await settled(page);
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await menu.isVisible());
  });
});
