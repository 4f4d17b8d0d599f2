// The client router in Chromium at 1280 px and 375 px: page changes keep the window and update URL, title,
// content and page data; the progress bar; back/forward with scroll; hash targets; focus; fallbacks to a
// full load; external, modified and targeted links left to the browser; language links keep the query.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  clickAndChange,
  heading,
  markWindow,
  nextPageChange,
  startHarness,
  stillSameWindow,
  WIDTHS,
  type Harness,
} from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

/** A link for routes the page does not link to; fixed in the corner, so clicking it does not scroll. */
async function addLink(page: Page, href: string, attributes = '') {
  await page.evaluate(
    ([href, attributes]) => {
      document.getElementById('test-link')?.remove();
      const style = 'position:fixed;left:8px;bottom:8px;z-index:99999;background:#fff';
      document.body.insertAdjacentHTML(
        'beforeend',
        `<a id="test-link" style="${style}" href="${href}" ${attributes}>test link</a>`,
      );
    },
    [href, attributes],
  );
  return page.locator('#test-link');
}

const pageData = (page: Page) =>
  page.evaluate(
    () => JSON.parse(document.getElementById('docs-page-data')!.textContent!) as { routePath: string; title: string },
  );

/** Scroll positions: the browser's scroll anchoring may add a pixel or two when widgets upgrade above. */
function assertNear(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) <= 4, `scrolled to ${actual}, expected ${expected}`);
}

async function waitForFullLoad(page: Page, action: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForEvent('load'), action()]);
}

for (const width of WIDTHS) {
  describe(`client router at ${width} px`, () => {
    test('a page change keeps the window and updates URL, title, content, page data and focus', async () => {
      const page = await h.open('/guide/start/', width);
      await markWindow(page);
      await clickAndChange(page, page.locator('.pager.next'));
      assert.equal(new URL(page.url()).pathname, '/guide/start/quick-start');
      assert.equal(await page.title(), 'Quick start - Rstest');
      assert.equal(await heading(page), 'Quick start');
      assert.equal((await pageData(page)).routePath, '/guide/start/quick-start');
      assert.equal(await page.getAttribute('#sidebar a[aria-current="page"]', 'href'), '/guide/start/quick-start');
      // Focus follows once the new page is painted (a frame or two).
      await page.waitForFunction(() => document.activeElement?.id === 'main', undefined, { timeout: 2000 });
      assert.ok(await stillSameWindow(page), 'no full page load happened');
      // And again from the new content: behaviours keep working after a change.
      await clickAndChange(page, page.locator('.pager.next'));
      assert.equal(new URL(page.url()).pathname, '/guide/start/features');
      assert.ok(await stillSameWindow(page));
    });

    test('changes between layouts: a doc page to the home page and back', async () => {
      const page = await h.open('/guide/start/', width);
      await markWindow(page);
      await clickAndChange(page, page.locator('a.brand'));
      assert.equal(new URL(page.url()).pathname, '/');
      assert.equal(await page.getAttribute('html', 'data-page-type'), 'home');
      assert.equal(await page.locator('.hero-stars .hero-star').count(), 35);
      assert.ok(
        await page.locator('header.navbar.navbar-home.transparent').count(),
        'the home bar is transparent at the top',
      );
      assert.equal(await page.locator('#sidebar').count(), 0);
      await clickAndChange(page, page.locator('.hero-actions a.button.brand'));
      assert.equal(await page.getAttribute('html', 'data-page-type'), 'doc');
      assert.equal(await page.locator('header.navbar.navbar-home').count(), 0);
      assert.equal(await page.locator('#sidebar').count(), 1);
      assert.ok(await stillSameWindow(page));
    });

    test('the progress bar shows while a slow page loads', async () => {
      const page = await h.open('/guide/start/', width);
      Object.assign(h.server.delay, { pattern: /^\/config\/test\/retry$/, ms: 1500 });
      try {
        const link = await addLink(page, '/config/test/retry');
        const changed = nextPageChange(page);
        await link.click();
        await page.locator('.nav-progress').waitFor({ state: 'visible' });
        await changed;
        assert.equal(await heading(page), 'retry');
        await page.locator('.nav-progress').waitFor({ state: 'hidden' });
      } finally {
        Object.assign(h.server.delay, { pattern: undefined, ms: 0 });
      }
    });

    test('the progress bar stays away for a preloaded page', async () => {
      const page = await h.open('/guide/start/', width);
      await page.evaluate(() => {
        const w = window as unknown as { __progressShown: boolean };
        w.__progressShown = false;
        new MutationObserver(() => {
          if (document.querySelector('.nav-progress:not([hidden])')) w.__progressShown = true;
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      const link = await addLink(page, '/config/test/retry');
      await link.hover();
      // Preloaded on hover: the click finds the page already fetched.
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((e) => e.name.endsWith('/config/test/retry') && (e as PerformanceResourceTiming).responseEnd > 0),
      );
      await clickAndChange(page, link);
      assert.equal(await heading(page), 'retry');
      assert.equal(
        await page.evaluate(() => (window as unknown as { __progressShown: boolean }).__progressShown),
        false,
      );
    });

    test('back and forward restore the page, its URL and its scroll position', async () => {
      const page = await h.open('/guide/basic/cli', width);
      await markWindow(page);
      await page.evaluate(() => window.scrollTo(0, 600));
      await page.waitForFunction(() => window.scrollY === 600);
      await clickAndChange(page, await addLink(page, '/guide/basic/test-filter'));
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top');
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.waitForFunction(() => window.scrollY === 300);

      let changed = nextPageChange(page);
      await page.evaluate(() => history.back());
      await changed;
      assert.equal(new URL(page.url()).pathname, '/guide/basic/cli');
      assert.equal(await heading(page), 'CLI');
      assertNear(await page.evaluate(() => window.scrollY), 600);

      changed = nextPageChange(page);
      await page.evaluate(() => history.forward());
      await changed;
      assert.equal(new URL(page.url()).pathname, '/guide/basic/test-filter');
      assertNear(await page.evaluate(() => window.scrollY), 300);
      assert.ok(await stillSameWindow(page));
    });

    test('a link with a hash scrolls to its heading on the new page', async () => {
      const page = await h.open('/guide/start/', width);
      await clickAndChange(page, await addLink(page, '/config/test/retry#notes'));
      assert.equal(new URL(page.url()).hash, '#notes');
      await page.waitForFunction(() => {
        const top = document.getElementById('notes')!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
    });

    test('a Chinese heading id in the hash works (decoded)', async () => {
      const ctx = await h.context(width);
      // The content's headings carry ASCII ids; this copy of a page adds one in Chinese, far down.
      await ctx.route(/\/zh\/config\/test\/retry$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '</article>',
          '<div style="height:3000px"></div><h2 id="中文标题">中文标题</h2><div style="height:3000px"></div></article>',
        );
        await route.fulfill({ response, body });
      });
      const page = await ctx.newPage();
      await page.goto(`${h.server.url}/zh/guide/start/`);
      await clickAndChange(page, await addLink(page, `/zh/config/test/retry#${encodeURIComponent('中文标题')}`));
      await page.waitForFunction(() => {
        const top = document.getElementById('中文标题')!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
    });

    test('an unknown route falls back to a full page load (the 404 page)', async () => {
      const page = await h.open('/guide/start/', width);
      await markWindow(page);
      const link = await addLink(page, '/guide/no-such-page');
      await waitForFullLoad(page, () => link.click());
      assert.match(await page.title(), /^404/);
      assert.equal(await stillSameWindow(page), false);
    });

    test('a failed fetch falls back to a full page load', async () => {
      const ctx = await h.context(width);
      await ctx.route(/\/guide\/basic\/cli$/, (route) =>
        route.request().resourceType() === 'fetch' ? route.abort() : route.fallback(),
      );
      const page = await ctx.newPage();
      await page.goto(`${h.server.url}/guide/start/`);
      await markWindow(page);
      const link = await addLink(page, '/guide/basic/cli');
      await waitForFullLoad(page, () => link.click());
      assert.equal(new URL(page.url()).pathname, '/guide/basic/cli');
      assert.equal(await heading(page), 'CLI');
      assert.equal(await stillSameWindow(page), false);
    });

    test('external links open in a new tab; modifier clicks and targets are left to the browser', async () => {
      const page = await h.open('/guide/start/', width);
      await markWindow(page);
      const ctx = page.context();
      for (const [href, attributes, modifiers] of [
        ['https://example.com/docs', '', []],
        ['/guide/basic/cli', 'target="_blank"', []],
        ['/guide/basic/cli', '', ['ControlOrMeta']],
        ['/guide/basic/cli', '', ['Shift']],
      ] as const) {
        const link = await addLink(page, href, attributes);
        const [opened] = await Promise.all([ctx.waitForEvent('page'), link.click({ modifiers: [...modifiers] })]);
        await opened.close();
        assert.equal(
          new URL(page.url()).pathname,
          '/guide/start/',
          `${href} ${attributes} ${modifiers.join('+')} leaves this tab alone`,
        );
        assert.ok(await stillSameWindow(page));
      }
    });

    test('the language switch keeps the query and changes the page language in place', async () => {
      const page = await h.open('/guide/start/?ref=docs', width);
      await markWindow(page);
      if (width < 769) await page.click('.nav-toggle-button');
      else await page.hover('.lang-switch');
      const zh = page.locator('a[data-lang-switch="zh"]');
      assert.match((await zh.getAttribute('href'))!, /\/zh\/guide\/start\/\?ref=docs$/);
      await clickAndChange(page, zh);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/zh/guide/start/?ref=docs');
      assert.equal(await page.getAttribute('html', 'lang'), 'zh');
      assert.equal(await page.getAttribute('doc-search', 'lang'), 'zh');
      assert.match(await page.locator('.nav-link[href="/zh/guide/start/"]').innerText(), /指南/);
      assert.match((await page.getAttribute('a[data-lang-switch="en"]', 'href'))!, /\/guide\/start\/\?ref=docs$/);
      assert.ok(await stillSameWindow(page));
    });

    test('query flags follow the URL: ?outline=0 hides the outline until a link leaves it', async () => {
      const page = await h.open('/guide/start/?outline=0', width);
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains('hide-outline')));
      await clickAndChange(page, page.locator('.pager.next'));
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('hide-outline')), false);
    });
  });
}

/** What themeConfig.enableContentAnimation puts in the site data, switched on in this page (till its next change). */
const enableContentAnimation = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    root.dataset.site = JSON.stringify({ ...JSON.parse(root.dataset.site ?? '{}'), enableContentAnimation: true });
  });

/** Counts the view transitions the page starts from now on (`transitions(page)`). */
const countTransitions = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __transitions: number };
    w.__transitions = 0;
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = ((update: ViewTransitionUpdateCallback) => {
      w.__transitions++;
      return start(update);
    }) as typeof document.startViewTransition;
  });
const transitions = (page: Page) => page.evaluate(() => (window as unknown as { __transitions: number }).__transitions);

describe('client router: transitions', () => {
  test('with enableContentAnimation, page changes use the View Transitions API (not under reduced motion); without, the page swaps at once', async () => {
    const cases = [
      [true, 'no-preference', 1],
      [true, 'reduce', 0],
      [false, 'no-preference', 0],
    ] as const;
    for (const [animation, reducedMotion, expected] of cases) {
      const page = await h.open('/guide/start/', 1280, { reducedMotion });
      if (animation) await enableContentAnimation(page);
      await countTransitions(page);
      await clickAndChange(page, page.locator('.pager.next'));
      assert.equal(await heading(page), 'Quick start');
      assert.equal(await transitions(page), expected, `${animation ? 'animated' : 'default'}, ${reducedMotion}`);
    }
  });

  test('a search result opens in place, through the view transition, and the modal closes', async () => {
    const page = await h.open('/guide/start/', 1280);
    await enableContentAnimation(page);
    await countTransitions(page);
    await markWindow(page);
    const button = page.locator('doc-search button.search-button');
    await page.locator('doc-search').hover(); // reaching for the widget (its fallback link) loads it
    await page.waitForFunction(() => customElements.get('doc-search'));
    await button.click();
    const input = page.locator('doc-search dialog input');
    await input.fill('retry');
    await page.locator('doc-search [role="option"]').first().waitFor();
    const changed = nextPageChange(page);
    await input.press('Enter');
    await changed;
    assert.notEqual(new URL(page.url()).pathname, '/guide/start/');
    assert.ok(await stillSameWindow(page), 'the search result opened without a full load');
    assert.equal(await transitions(page), 1, 'through a view transition');
    await page.locator('doc-search dialog').waitFor({ state: 'hidden' });
    // And search still works on the new page.
    await page.keyboard.press('Control+K');
    await page.locator('doc-search dialog input').waitFor({ state: 'visible' });
  });

  test('a programmatic docs:navigate request (the search modal) changes page in place', async () => {
    const page = await h.open('/guide/start/', 1280);
    await markWindow(page);
    const changed = nextPageChange(page);
    const taken = await page.evaluate(
      () =>
        !document.dispatchEvent(
          new CustomEvent('docs:navigate', { detail: { href: '/api/test-api/expect' }, cancelable: true }),
        ),
    );
    await changed;
    assert.ok(taken, 'the router takes the request');
    assert.equal(new URL(page.url()).pathname, '/api/test-api/expect');
    assert.ok(await stillSameWindow(page));
  });
});
