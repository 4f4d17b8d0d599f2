// The 404 page speaks the language of the path, chrome included: on a host that serves one root 404.html for every
// unknown path (the test server does, as GitHub Pages), a /zh/… reader sees the Chinese navbar, swapped in by the
// page's inline script before the widget module loads; and each language has its own 404.html at its root, for
// hosts that serve the nearest one (Netlify, Cloudflare Pages, Vercel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { SITE_DIR, startHarness, type Harness } from './runtime-setup.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.close();
});

/** What the navbar says and where it leads: link texts with their hrefs, button labels, the search button. */
async function chrome(page: Page): Promise<string[]> {
  return page
    .locator('header.navbar')
    .evaluate((navbar) =>
      [...navbar.querySelectorAll('a, button, label')].map((el) =>
        `${el.localName} ${(el.textContent ?? '').trim() || el.getAttribute('aria-label') || ''} ${el.getAttribute('href') ?? ''}`.trim(),
      ),
    );
}

/** Opens a path with the widget module blocked: what shows is the server's HTML and the inline scripts. */
async function openInline(pathname: string): Promise<Page> {
  const ctx = await h.context(1280);
  await ctx.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await ctx.newPage();
  await page.goto(h.server.url + pathname);
  return page;
}

describe('the 404 page in the language of the path', () => {
  test('a Chinese path on the root 404.html shows the Chinese navbar, as the Chinese 404 page has it', async () => {
    const zh = await openInline('/zh/guide/no-such-page');
    const own = await openInline('/zh/404');
    assert.equal(await zh.getAttribute('html', 'lang'), 'zh');
    const seen = await chrome(zh);
    assert.deepEqual(seen, await chrome(own));
    // The nav items and the home link in Chinese, leading to Chinese pages; no English label left.
    const nav = await zh
      .locator('header.navbar .nav-items a.nav-link:not([data-lang-switch])')
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    assert.deepEqual(nav.slice(0, 3), [
      ['指南', '/zh/guide/start/'],
      ['配置', '/zh/config/'],
      ['API', '/zh/api/'],
    ]);
    assert.equal(await zh.locator('header.navbar a.brand').getAttribute('href'), '/zh/');
    for (const english of ['Guide', 'Config', 'Search'])
      assert.ok(!seen.some((s) => s.split(' ').includes(english)), `"${english}" in ${JSON.stringify(seen)}`);
    assert.equal(await zh.locator('.not-found h1').innerText(), await own.locator('.not-found h1').innerText());
  });

  test('an English path keeps the English navbar, and the widgets still come alive on the swapped one', async () => {
    const en = await h.open('/guide/no-such-page');
    assert.equal(await en.locator('header.navbar .nav-items a.nav-link').first().innerText(), 'Guide');
    const zh = await h.open('/zh/guide/no-such-page');
    // The swapped navbar's search comes alive as on any page: reached for, it upgrades, and Ctrl+K opens it.
    await zh.locator('doc-search').dispatchEvent('pointerover');
    await zh.waitForSelector('doc-search[data-upgraded]', { state: 'attached' });
    await zh.keyboard.press('Control+K');
    await zh.locator('doc-search input').waitFor();
    assert.equal(await zh.locator('doc-search input').getAttribute('placeholder'), '搜索文档');
  });

  test('each language has a 404.html at its root, in its own language', () => {
    for (const [file, lang, guide] of [
      ['404.html', 'en', 'Guide'],
      ['zh/404.html', 'zh', '指南'],
    ]) {
      const html = fs.readFileSync(path.join(SITE_DIR, file), 'utf8');
      assert.match(html, new RegExp(`<html lang="${lang}"`), file);
      assert.match(html, new RegExp(`<header class="navbar"[^]*?>${guide}</a>`), file);
    }
  });
});
