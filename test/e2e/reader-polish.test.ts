// What a reader notices side by side with the best docs themes, in Chromium on the built site: the sidebar
// shows the current page (on load and after a page change, without moving the page), the mobile menu
// (close control, language row, labelled appearance switch, social row), search hits that say where they
// live with a key-hint footer and a backdrop that dims, a 404 in the language of the path when the host
// serves one root 404.html for every path, and the small things (icons instead of emoji, a full-width
// colon in Chinese, an active dropdown, custom social icons with a size).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { clickAndChange, startHarness, WIDTHS, type Harness } from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

/** The link's box lies within the sidebar's visible box. */
async function linkInSidebarView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const sidebar = document.getElementById('sidebar')!;
    const link = sidebar.querySelector('a[aria-current="page"]')!;
    const box = sidebar.getBoundingClientRect();
    const rect = link.getBoundingClientRect();
    return rect.top >= box.top && rect.bottom <= box.bottom && rect.height > 0;
  });
}

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
/** The elements' vertical centres are within 2 px of each other: they sit on one row. */
async function sameRow(items: Locator): Promise<boolean> {
  const centres = await items.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect()).map((r) => r.top + r.height / 2),
  );
  return Math.max(...centres) - Math.min(...centres) <= 2;
}

describe('the current page in the sidebar', () => {
  test('on load, a link far down the sidebar is scrolled into its view; the page itself stays at the top', async () => {
    const last = await h.open('/config/build/performance', 1280);
    await last.waitForFunction(() => document.getElementById('sidebar')!.scrollTop > 0);
    assert.ok(await linkInSidebarView(last), 'the last link: as far as the sidebar scrolls');
    assert.equal(await last.evaluate(() => window.scrollY), 0, 'only the sidebar scrolled');

    const page = await h.open('/config/test/unstubGlobals', 1280);
    await page.waitForFunction(() => document.getElementById('sidebar')!.scrollTop > 0);
    assert.ok(await linkInSidebarView(page));
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // Centred, not merely touching an edge.
    const offset = await page.evaluate(() => {
      const sidebar = document.getElementById('sidebar')!;
      const rect = sidebar.querySelector('a[aria-current="page"]')!.getBoundingClientRect();
      const box = sidebar.getBoundingClientRect();
      return Math.abs(rect.top + rect.height / 2 - (box.top + box.height / 2));
    });
    assert.ok(offset < 40, `centred (${offset} px off)`);
  });

  test('after a client-side page change to a link out of view, the sidebar follows', async () => {
    const page = await h.open('/config/test/root', 1280);
    assert.equal(await page.evaluate(() => document.getElementById('sidebar')!.scrollTop), 0);
    await clickAndChange(page, page.locator('.navbar .nav-link', { hasText: 'Config' }));
    const changed = page.evaluate(
      () =>
        new Promise<void>((resolve) => document.addEventListener('docs:page-change', () => resolve(), { once: true })),
    );
    await page.evaluate(() =>
      document.dispatchEvent(
        new CustomEvent('docs:navigate', { cancelable: true, detail: { href: '/config/build/performance' } }),
      ),
    );
    await changed;
    await nextFrame(page);
    assert.equal(new URL(page.url()).pathname, '/config/build/performance');
    assert.ok(await linkInSidebarView(page));
  });

  test('a link already in view stays where the reader saw it', async () => {
    const page = await h.open('/config/test/root', 1280);
    await clickAndChange(page, page.locator('#sidebar a[href="/config/test/name"]'));
    await nextFrame(page);
    assert.equal(await page.evaluate(() => document.getElementById('sidebar')!.scrollTop), 0);
  });

  test('at 375 px the overlay opens on the current page', async () => {
    const page = await h.open('/config/build/performance', 375);
    await page.click('.sidebar-toggle-button');
    await settled(page);
    assert.ok(await linkInSidebarView(page));
  });
});

describe('the mobile menu at 375 px', () => {
  test('the social links draw their brand marks, in the theme’s colour, from one sprite the page does not carry', async () => {
    const page = await h.open('/config/test/retry', 1280);
    const marks = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.social-link')].map((link) => {
          const use = link.querySelector('svg use') as SVGUseElement | null;
          const box = use?.getBBox();
          return {
            name: link.getAttribute('aria-label'),
            href: use?.getAttribute('href') ?? '',
            drawn: !!box && box.width > 10 && box.height > 10,
            colour: getComputedStyle(use ?? link).color === getComputedStyle(link).color,
          };
        }),
      );
    await page.waitForFunction(() =>
      [...document.querySelectorAll<SVGUseElement>('.social-link svg use')].every((use) => use.getBBox().width > 10),
    );
    const drawn = await marks();
    assert.deepEqual(
      drawn.map((m) => m.name),
      ['GitHub', 'X (Twitter)', 'Discord'],
    );
    for (const mark of drawn) {
      assert.match(mark.href, /^\/assets\/brand-marks\.[0-9a-f]{8}\.svg#(github|x|discord)$/, mark.name!);
      assert.ok(mark.drawn && mark.colour, `${mark.name} is drawn in the link's colour`);
    }
    // The page itself carries no mark's outline (GitHub's starts so).
    assert.equal(
      await page.evaluate(() => document.documentElement.outerHTML.includes('M12 2a10 10 0 0 0-3.16')),
      false,
    );
    const sprite = await page.evaluate((url) => fetch(url).then((r) => r.text()), drawn[0].href.split('#')[0]);
    for (const id of ['github', 'x', 'discord']) assert.ok(sprite.includes(`<symbol id="${id}"`), id);
  });

  test('the hamburger becomes a close control; language, version and appearance sit in labelled rows; social icons in one row', async () => {
    const page = await h.open('/guide/start/', 375);
    const button = page.locator('.nav-toggle-button');
    const openIcon = button.locator('.nav-toggle-open');
    const closeIcon = button.locator('.nav-toggle-close');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.ok(await openIcon.isVisible());
    assert.equal(await closeIcon.isVisible(), false);

    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await closeIcon.isVisible(), 'the ✕ shows while the menu is open');
    assert.equal(await openIcon.isVisible(), false);

    const menu = page.locator('#navbar-menu');
    const language = menu.locator('.menu-row-lang');
    assert.equal(await language.getAttribute('aria-label'), 'Language');
    assert.equal(await language.locator('.menu-row-label').innerText(), 'Language');
    assert.equal(
      await language.locator('.nav-dropdown-button').isVisible(),
      false,
      'no "English ▾" above an always-open list',
    );
    const languages = language.locator('a[data-lang-switch]');
    assert.deepEqual(await languages.allInnerTexts(), ['English', '简体中文']);
    assert.ok(await sameRow(languages), 'one compact row');
    assert.equal(await languages.first().getAttribute('aria-current'), 'true');

    const theme = menu.locator('.menu-row-theme');
    assert.equal(await theme.locator('.menu-row-label').innerText(), 'Appearance');
    assert.ok(await theme.locator('theme-toggle').isVisible());
    assert.ok(await sameRow(theme.locator('.menu-row-label, theme-toggle')), 'the label beside its switch');
    assert.ok(await menu.locator('.menu-row-version .version-label').isVisible());

    const social = menu.locator('.social-links .social-link');
    assert.equal(await social.count(), 3);
    assert.ok(await sameRow(social), 'social icons in one row');

    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.isVisible(), false, 'the close control closes it');
    assert.ok(await openIcon.isVisible());
  });

  test('without JavaScript the checkbox label swaps its icons the same way', async () => {
    const page = await (await h.context(375, { javaScriptEnabled: false })).newPage();
    await page.goto(`${h.server.url}/guide/start/`);
    const label = page.locator('label.nav-toggle');
    assert.ok(await label.locator('.nav-toggle-open').isVisible());
    await label.click();
    assert.ok(await page.locator('#navbar-menu').isVisible());
    assert.ok(await label.locator('.nav-toggle-close').isVisible());
    assert.equal(await label.locator('.nav-toggle-open').isVisible(), false);
  });
});

describe('search hits say where they live', () => {
  const openSearch = async (page: Page, query: string) => {
    // The site loads <doc-search> when the reader reaches for it (widgets/runtime/intent.ts).
    await page.locator('doc-search').dispatchEvent('pointerover');
    await page.waitForSelector('doc-search[data-upgraded]', { state: 'attached' });
    await page.keyboard.press('Control+K');
    await page.locator('doc-search input').fill(query);
  };
  const hitTo = (page: Page, href: string) => page.locator(`doc-search a.search-hit[href="${href}"]`);

  test('a page-title hit shows its section path; the footer hints the keys; the backdrop dims the page', async () => {
    const page = await h.open('/guide/start/', 1280);
    await openSearch(page, 'retry');
    const hit = hitTo(page, '/config/test/retry');
    await hit.waitFor();
    assert.equal(await hit.getAttribute('data-type'), 'title');
    assert.equal(await hit.locator('.search-hit-main').innerText(), 'retry');
    assert.equal(await hit.locator('.search-hit-path').innerText(), 'Config \u203a Test Configurations');

    const footer = page.locator('doc-search .search-footer');
    assert.ok(await footer.isVisible());
    assert.match(await footer.innerText(), /to select[\s\S]*to navigate[\s\S]*esc[\s\S]*to close/);
    assert.equal(await footer.locator('kbd svg').count(), 3, '↵ ↑ ↓ drawn as icons, esc as text');

    const alpha = await page.locator('doc-search').evaluate((el) => {
      const dialog = el.shadowRoot!.querySelector('dialog')!;
      return Number(
        /rgba?\([^)]*,\s*([\d.]+)\)/.exec(getComputedStyle(dialog, '::backdrop').backgroundColor)?.[1] ?? 1,
      );
    });
    assert.ok(alpha >= 0.5, `the backdrop dims the page (alpha ${alpha})`);
  });

  test('heading and content hits name section and page; a snippet of a table keeps its cells apart', async () => {
    const page = await h.open('/guide/start/', 1280);
    await openSearch(page, 'performance.buildCache');
    const header = page.locator('doc-search a.search-hit[data-type="header"]').first();
    await header.waitFor();
    assert.equal(await header.locator('.search-hit-main').innerText(), 'performance.buildCache');
    assert.equal(
      await header.locator('.search-hit-path').innerText(),
      'Config \u203a Build Configurations \u203a performance \u203a Options',
    );

    // Only table rows of the Jest migration guide have this flag.
    await page.locator('doc-search input').fill('runInBand');
    const content = page.locator('doc-search a.search-hit[data-type="content"][href^="/guide/migration/jest#"]');
    await content.waitFor();
    assert.match(
      await content.locator('.search-hit-path').innerText(),
      /^Guide › Migration › Migrating from Jest › \S/,
      'section › page › heading',
    );
    const snippet = await content.locator('.search-hit-statement').innerText();
    assert.match(snippet, / \| /, 'cells apart, not run together');
    assert.ok((await content.locator('.search-hit-statement mark').count()) > 0);
  });

  test('the Chinese section path is Chinese', async () => {
    const page = await h.open('/zh/guide/start/', 1280);
    await openSearch(page, 'retry');
    const hit = hitTo(page, '/zh/config/test/retry');
    await hit.waitFor();
    assert.equal(await hit.locator('.search-hit-path').innerText(), '配置 \u203a 测试配置');
    assert.match(await page.locator('doc-search .search-footer').innerText(), /选择[\s\S]*切换[\s\S]*关闭/);
  });
});

describe('the 404 page on a host that serves one root 404.html', () => {
  for (const width of WIDTHS) {
    test(`/zh/… reads in Chinese at ${width} px`, async () => {
      const page = await (await h.context(width)).newPage();
      const response = await page.goto(`${h.server.url}/zh/no/such/page`);
      assert.equal(response?.status(), 404);
      assert.match(await response!.text(), /PAGE NOT FOUND/, 'the host served the English 404.html');
      assert.equal(await page.locator('.not-found h1').innerText(), '页面未找到');
      assert.equal(await page.locator('.not-found [data-l10n="text"]').innerText(), '你要找的页面不存在，或已被移动。');
      assert.equal(await page.locator('[data-home-link]').innerText(), '返回首页');
      assert.equal(await page.locator('[data-home-link]').getAttribute('href'), '/zh/');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh');
      assert.match(await page.title(), /^404/);
    });
  }

  test('an English path keeps the English page', async () => {
    const page = await h.open('/no/such/page');
    assert.equal(await page.locator('.not-found h1').innerText(), 'PAGE NOT FOUND');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  });
});

describe('small things', () => {
  test('feature cards and the edit link draw SVG icons, not emoji', async () => {
    const home = await h.open('/');
    const icons = home.locator('.feature-icon');
    assert.equal(await icons.count(), 6);
    for (const icon of await icons.all()) {
      assert.equal((await icon.innerText()).trim(), '', 'no text glyph');
      assert.equal(await icon.locator('svg').count(), 1);
    }
    const doc = await h.open('/guide/start/');
    const edit = doc.locator('.edit-link');
    assert.equal(await edit.locator('svg').count(), 1);
    assert.doesNotMatch(await edit.innerText(), /\p{Extended_Pictographic}/u);
  });

  test('six features make two rows of three, as wide as the tool cards below', async () => {
    const home = await h.open('/', 1280);
    const tops = await home
      .locator('.feature')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.deepEqual([...new Set(tops)].length, 2);
    assert.equal(tops.filter((t) => t === tops[0]).length, 3);
    const box = (selector: string) =>
      home
        .locator(selector)
        .evaluate((el) => [Math.round(el.getBoundingClientRect().left), Math.round(el.getBoundingClientRect().right)]);
    assert.deepEqual(await box('.features'), await box('.tool-cards'));
  });

  test('Chinese "Last Updated" ends in a full-width colon', async () => {
    const page = await h.open('/zh/guide/start/');
    assert.match(await page.locator('.last-updated').innerText(), /^最后更新于：\S/);
    const en = await h.open('/guide/start/');
    assert.match(await en.locator('.last-updated').innerText(), /^Last Updated: \S/);
  });

  test('an active nav dropdown is highlighted; a custom social icon without a size gets one', async () => {
    const page = await h.open('/guide/start/', 1280);
    const colors = await page.evaluate(() => {
      const dropdown = document.querySelector<HTMLElement>('.lang-switch')!;
      const button = dropdown.querySelector('.nav-dropdown-button')!;
      const before = getComputedStyle(button).color;
      dropdown.classList.add('active');
      const brand = getComputedStyle(document.querySelector('.nav-link.active')!).color;
      return { before, after: getComputedStyle(button).color, brand };
    });
    assert.notEqual(colors.before, colors.brand);
    assert.equal(colors.after, colors.brand);

    const size = await page.evaluate(() => {
      const link = document.createElement('a');
      link.className = 'social-link';
      link.innerHTML = '<span class="icon-custom"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg></span>';
      document.querySelector('.social-links')!.append(link);
      const rect = link.querySelector('svg')!.getBoundingClientRect();
      return [rect.width, rect.height];
    });
    assert.deepEqual(size, [20, 20]);
  });
});
