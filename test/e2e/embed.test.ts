// The widgets embedded on another site: a host page on one origin (test/fixtures/embed-host, another port of
// 127.0.0.1) loads assets/embed.js by absolute URL from the built docs site on another, which sends CORS
// headers; a second docs server sends none. Each element upgrades; search and Copy Markdown reach the docs
// origin; the host's page keeps its colours and its <html> (unless the toggle is asked to switch the page);
// a dark host gets dark widgets; a code button's tooltip adds no text to the host's body; a strict CSP host
// shows styled widgets; host CSS cannot restyle them (screenshots and computed styles equal a plain host's); a
// docs-base that is not http(s) falls back to the script's; the AI links carry no query string; a host running
// its own React keeps it working; without CORS search says it is unavailable.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NOT_RESOLVED, newOfflineContext, releaseChromium, useChromium } from '../support/browser.ts';
import { startHostServer, type HostServer } from '../support/host-server.ts';
import { startStaticServer, type StaticServer } from '../support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
const HOST_DIR = path.join(ROOT, 'test/fixtures/embed-host');
const ELEMENTS = ['doc-search', 'theme-toggle', 'tools-menu', 'copy-markdown', 'pm-tabs'];
const FETCH_FAILED_MESSAGE = 'Failed to fetch search index, please reload the page and try again';

let browser: Browser;
let docs: StaticServer;
let docsNoCors: StaticServer;
let host: HostServer;
let hostNoCors: HostServer;
/** The same host pages, plus the host's own React app (react.html). */
let hostReact: HostServer;
const closers: (() => Promise<unknown>)[] = [];

interface Watched {
  page: Page;
  errors: string[];
  violations: string[];
}

/** A page in a fresh context that may use the clipboard; script errors, console errors and CSP violations are collected. */
async function open(url: string, options: { scheme?: 'light' | 'dark' } = {}): Promise<Watched> {
  const context: BrowserContext = await newOfflineContext(browser, {
    viewport: { width: 1280, height: 800 },
    colorScheme: options.scheme ?? 'light',
  });
  closers.push(() => context.close());
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const page = await context.newPage();
  const errors: string[] = [];
  const violations: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // External images (tool logos) do not load: no host but this machine resolves.
    if (message.type() === 'error' && !NOT_RESOLVED.test(message.text())) errors.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(t: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
    // The window's own properties before any script of the page: the embed script must add none.
    (window as unknown as { initialGlobals: string[] }).initialGlobals = Object.getOwnPropertyNames(window);
  });
  await page.goto(url);
  for (const tag of ELEMENTS) await page.waitForSelector(`${tag}[data-upgraded]`, { state: 'attached' });
  return { page, errors, violations };
}

/** What the host page's look consists of: its <html> attributes and inline style, background, body text colour. */
function hostLook(page: Page) {
  return page.evaluate(() => ({
    html: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).sort(),
    background: getComputedStyle(document.documentElement).backgroundColor,
    scheme: getComputedStyle(document.documentElement).colorScheme,
    text: getComputedStyle(document.body).color,
  }));
}

/** Computed styles of an element inside a widget's shadow root. */
function shadowStyle(page: Page, tag: string, selector: string, props: string[]) {
  return page.evaluate(
    ([t, s, p]) => {
      const el = document.querySelector(t)!.shadowRoot!.querySelector(s)!;
      const style = getComputedStyle(el);
      return Object.fromEntries(p.map((name) => [name, style.getPropertyValue(name)]));
    },
    [tag, selector, props] as const,
  );
}

/** What each widget draws, as a selector: <pm-tabs>' tab strip only (its code blocks are the page's, slotted). */
const DRAWN = [
  ['doc-search', 'doc-search'],
  ['theme-toggle', 'theme-toggle'],
  ['tools-menu', 'tools-menu'],
  ['copy-markdown', 'copy-markdown'],
  ['pm-tabs', 'pm-tabs .tablist'],
] as const;

/** Every computed value (custom properties aside) of every element each widget draws, by widget and element. */
function drawnStyles(page: Page): Promise<Record<string, string>> {
  return page.evaluate((drawn) => {
    const out: Record<string, string> = {};
    for (const [name, selector] of drawn) {
      const [tag, inner] = selector.split(' ');
      const root = document.querySelector(tag)!.shadowRoot!;
      const top = inner ? root.querySelector(inner)! : root;
      const elements = [...(top instanceof Element ? [top] : []), ...top.querySelectorAll('*')];
      elements.forEach((el, i) => {
        const style = getComputedStyle(el);
        // -webkit-locale is the page's `lang`, which the widgets follow on purpose.
        for (const prop of [...style].filter((p) => !p.startsWith('--') && p !== '-webkit-locale'))
          out[`${name} ${el.localName}#${i} ${prop}`] = style.getPropertyValue(prop);
      });
    }
    return out;
  }, DRAWN);
}

/**
 * A widget as drawn in the flow of the host's <body> (first in it, on a plain cover), as a block of `width` pixels:
 * in flow, the body's text decorations propagate to it (to a positioned box, as `shot` draws, they never do); the
 * width the host gives it stands, so that a vertical writing mode of the host's places it but cannot size it.
 */
async function inFlowShot(page: Page, selector: string, width?: number): Promise<Buffer> {
  const tag = selector.split(' ')[0];
  await page.evaluate(
    ([t, w]) => {
      const cover = document.createElement('div');
      cover.id = 'shot-cover';
      cover.style.cssText = 'display: block; margin: 0; padding: 8px; width: 640px; height: 400px; background: white';
      const el = document.querySelector<HTMLElement>(t)!;
      el.style.cssText = `${w ? `width: ${w}px !important; ` : ''}margin: 0 !important`;
      cover.append(el);
      document.body.prepend(cover);
    },
    [tag, width] as const,
  );
  const png = await page.locator(selector).screenshot({ animations: 'disabled', caret: 'hide' });
  await page.evaluate((t) => {
    const el = document.querySelector<HTMLElement>(t)!;
    el.style.cssText = '';
    document.body.append(el);
    document.getElementById('shot-cover')!.remove();
  }, tag);
  return png;
}

function diffStyles(plain: Record<string, string>, hostile: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(plain), ...Object.keys(hostile)]);
  return [...keys].filter((k) => plain[k] !== hostile[k]).map((k) => `${k}: ${plain[k]} → ${hostile[k]}`);
}

/**
 * Hides the page under a plain cover of its background (the host pages differ in everything else), tall enough
 * that both pages scroll: Chromium draws fixed and top-layer boxes of a scrolling page in a layer of their own,
 * whose anti-aliasing differs by a shade.
 */
function coverPage(): void {
  if (document.getElementById('shot-cover')) return;
  const cover = document.createElement('div');
  cover.id = 'shot-cover';
  cover.style.cssText =
    'position: absolute !important; left: 0 !important; top: 0 !important; width: 100% !important; height: 10000px !important; margin: 0 !important; background: rgb(245, 240, 230) !important; z-index: 2147483646 !important';
  document.body.append(cover);
}

/**
 * A screenshot of what `selector` draws. Where the host page puts the element is the host's to say, and a
 * fractional position changes anti-aliasing: so the element is shown alone at the same whole-pixel place on
 * both pages, over the page's background (inline styles, which outrank the host's sheets).
 */
async function shot(page: Page, selector: string): Promise<Buffer> {
  const tag = selector.split(' ')[0];
  await page.evaluate(coverPage);
  await page.evaluate((t) => {
    const width = t === 'pm-tabs' ? '600px' : 'auto';
    document.querySelector<HTMLElement>(t)!.style.cssText =
      `position: absolute !important; left: 8px !important; top: 8px !important; width: ${width} !important; margin: 0 !important; z-index: 2147483647 !important`;
  }, tag);
  const png = await page.locator(selector).screenshot({ animations: 'disabled', caret: 'hide' });
  await page.evaluate((t) => {
    document.getElementById('shot-cover')!.remove();
    document.querySelector<HTMLElement>(t)!.style.cssText = '';
  }, tag);
  return png;
}

/** Keeps both screenshots for a look when they differ; returns where. */
function saveShots(name: string, plain: Buffer, hostile: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embed-hostile-'));
  fs.writeFileSync(path.join(dir, `${name}-plain.png`), plain);
  fs.writeFileSync(path.join(dir, `${name}-hostile.png`), hostile);
  return dir;
}

async function searchFor(page: Page, text: string): Promise<void> {
  await page.locator('doc-search button.search-button').click();
  await page.locator('doc-search input[role="combobox"]').fill(text);
}

before(async () => {
  assert.ok(
    fs.existsSync(path.join(SITE_DIR, 'assets', 'embed.js')),
    `build the site first (npm run build): ${SITE_DIR}`,
  );
  browser = await useChromium();
  docs = await startStaticServer(SITE_DIR, '/', { headers: { 'access-control-allow-origin': '*' } });
  docsNoCors = await startStaticServer(SITE_DIR);
  host = await startHostServer(HOST_DIR, `${docs.url}/`);
  hostNoCors = await startHostServer(HOST_DIR, `${docsNoCors.url}/`);
  const app = await build({
    entryPoints: [path.join(HOST_DIR, 'react-app.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  hostReact = await startHostServer(HOST_DIR, `${docs.url}/`, { '/host-app.js': app.outputFiles[0].text });
  assert.notEqual(new URL(host.url).origin, new URL(docs.url).origin, 'two origins');
});

after(async () => {
  for (const close of closers) await close().catch(() => {});
  if (browser) await releaseChromium();
  for (const server of [docs, docsNoCors, host, hostNoCors, hostReact]) await server?.close();
});

/** Globals the page has now and had not before its scripts ran (the host page notes its own first). */
const newGlobals = (page: Page) =>
  page.evaluate(() => {
    const before = new Set((window as unknown as { initialGlobals: string[] }).initialGlobals);
    return Object.getOwnPropertyNames(window).filter(
      (name) => !before.has(name) && name !== 'initialGlobals' && name !== 'reportViolation',
    );
  });

describe('embedded on another origin', () => {
  test('every element upgrades, with no script error and no new global', async () => {
    const { page, errors } = await open(`${host.url}/`);
    assert.deepEqual(await newGlobals(page), []);
    assert.deepEqual(errors, []);
  });

  test('a search for "retry" opens the docs origin’s /config/test/retry', async () => {
    const { page, errors } = await open(`${host.url}/`);
    await searchFor(page, 'retry');
    const first = page.locator('doc-search a.search-hit').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('href'), `${docs.url}/config/test/retry`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${docs.url}/config/test/retry`);
    assert.deepEqual(errors, []);
  });

  test('the tools menu opens on a click with its 8 tools, its list coming from the docs origin, no new global', async () => {
    const { page, errors } = await open(`${host.url}/`);
    await page.getByRole('button', { name: 'Rstack tools' }).click();
    const links = page.locator('tools-menu .popover li a');
    await links.first().waitFor();
    assert.equal(await links.count(), 8);
    assert.equal(await page.getByRole('button', { name: 'Rstack tools' }).getAttribute('aria-expanded'), 'true');
    assert.equal(await links.first().getAttribute('href'), 'https://rspack.rs/');
    // The list and its stylesheet are the embed script's on-demand part, fetched beside it on the docs origin.
    const parts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((name) => name.endsWith('/embed-tools.js')),
    );
    assert.deepEqual(parts, [`${docs.url}/assets/embed-tools.js`]);
    const box = await page.locator('tools-menu .popover').boundingBox();
    assert.ok(box && box.height > 200, 'the popover is drawn with its stylesheet');
    assert.deepEqual(await newGlobals(page), []);
    assert.deepEqual(errors, []);
  });

  test('Copy Markdown copies the docs site’s .md; its AI links ask about the docs page', async () => {
    const { page } = await open(`${host.url}/`);
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clipboard, fs.readFileSync(path.join(SITE_DIR, 'config/test/retry.md'), 'utf8'));
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const chatgpt = await page.getByRole('menuitem', { name: 'Open in ChatGPT' }).getAttribute('href');
    assert.match(
      decodeURIComponent(chatgpt!),
      new RegExp(`Read ${docs.url.replace(/\./g, '\\.')}/config/test/retry, I want`),
    );
  });

  test('the host page keeps its look after load and after toggling; the widgets switch', async () => {
    const { page } = await open(`${host.url}/`, { scheme: 'dark' });
    const before = await hostLook(page);
    assert.equal(before.background, 'rgb(245, 240, 230)');
    assert.equal(before.text, 'rgb(34, 34, 34)');
    // The system prefers dark and the host page says nothing: the widgets are dark, the page is untouched.
    assert.equal(await page.locator('copy-markdown').getAttribute('data-theme'), 'dark');
    await page.getByRole('button', { name: 'Switch between dark and light theme' }).click();
    await page.waitForFunction(() => document.querySelector('copy-markdown')!.getAttribute('data-theme') === 'light');
    assert.deepEqual(await hostLook(page), before);
    const detail = await page.evaluate(
      () =>
        new Promise((resolve) => {
          document
            .querySelector('theme-toggle')!
            .addEventListener('theme-change', (e) => resolve((e as CustomEvent).detail), { once: true });
          (document.querySelector('theme-toggle')!.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
        }),
    );
    assert.deepEqual(detail, { theme: 'dark', preference: 'auto' });
    assert.deepEqual(await hostLook(page), before);
  });

  test('with page-theme, the toggle switches the host page too', async () => {
    const { page } = await open(`${host.url}/`);
    await page.evaluate(() => document.querySelector('theme-toggle')!.setAttribute('page-theme', ''));
    await page.getByRole('button', { name: 'Switch between dark and light theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    assert.equal(await page.locator('copy-markdown').getAttribute('data-theme'), 'dark');
  });

  test('a host with a dark <html> gets dark widgets, with no --docs-* variable of its own', async () => {
    const { page } = await open(`${host.url}/dark.html`);
    assert.equal(await page.locator('doc-search').getAttribute('data-theme'), 'dark');
    const box = await shadowStyle(page, 'copy-markdown', '.copy-markdown', ['background-color', 'color']);
    assert.equal(box['background-color'], 'rgb(27, 27, 31)');
    const button = await shadowStyle(page, 'doc-search', '.search-button', ['background-color', 'color']);
    assert.equal(button['background-color'], 'rgb(34, 34, 38)');
    assert.equal(button.color, 'rgb(194, 194, 201)');
  });

  test('hovering a code button shows its tooltip without adding text to the host’s body', async () => {
    const { page } = await open(`${host.url}/`);
    const text = () => page.evaluate(() => document.body.textContent);
    const before = await text();
    await page.getByRole('button', { name: 'Copy code' }).hover();
    await page.waitForFunction(() => document.querySelector('docs-tooltip')?.matches(':popover-open'));
    assert.equal(
      await page.evaluate(() => document.querySelector('docs-tooltip')!.shadowRoot!.textContent),
      'Copy code',
    );
    assert.equal(await text(), before);
    const tip = await page.evaluate(() => {
      const el = document.querySelector('docs-tooltip')!.shadowRoot!.querySelector('.tip')!;
      return { background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color };
    });
    assert.deepEqual(tip, { background: 'rgba(0, 0, 0, 0.85)', color: 'rgb(255, 255, 255)' });
  });

  test("under a CSP of script-src <docs origin>; style-src 'self', the widgets are styled", async () => {
    const { page, errors, violations } = await open(`${host.url}/?csp`);
    const button = await shadowStyle(page, 'doc-search', '.search-button', [
      'height',
      'border-top-left-radius',
      'background-color',
    ]);
    assert.deepEqual(button, {
      height: '36px',
      'border-top-left-radius': '8px',
      'background-color': 'rgb(246, 246, 247)',
    });
    const box = await shadowStyle(page, 'copy-markdown', '.copy-markdown', ['height', 'border-top-width']);
    assert.deepEqual(box, { height: '32px', 'border-top-width': '1px' });
    await searchFor(page, 'retry');
    await page.locator('doc-search a.search-hit').first().waitFor();
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
  });

  test("the host's body text styles (decorations, shadow, spacing, case, writing mode) leave the widgets as they are (issue 41)", async () => {
    // Set on <body>, they reach the widgets by inheritance, which any box of theirs meets (drawn as `shot` draws
    // them), and text decorations also by propagation, which only a box in the flow meets (also drawn in place;
    // where a vertical body's lines put an element, and so its pixels' phase, is the host's layout, not a style).
    const plain = await open(`${host.url}/`);
    const styled = await open(`${host.url}/`);
    const draw = async (page: Page, name: string, selector: string, inFlow: boolean) => [
      await shot(page, selector),
      ...(inFlow ? [await inFlowShot(page, selector, name === 'pm-tabs' ? 600 : undefined)] : []),
    ];
    const plainShots = new Map<string, Buffer[]>();
    for (const [name, selector] of DRAWN) plainShots.set(name, await draw(plain.page, name, selector, true));
    const sheet = await styled.page.addStyleTag({ content: '/* the body styles, one at a time */' });
    const different: string[] = [];
    for (const declaration of [
      'text-decoration: underline overline line-through 3px red',
      'text-shadow: 2px 2px red',
      'letter-spacing: 4px',
      'word-spacing: 20px',
      'text-transform: uppercase',
      'writing-mode: vertical-rl',
    ]) {
      await sheet.evaluate((style, rule) => (style.textContent = `body { ${rule} !important; }`), declaration);
      for (const [name, selector] of DRAWN) {
        const shots = await draw(styled.page, name, selector, declaration.startsWith('text-decoration'));
        shots.forEach((shot, i) => {
          const expected = plainShots.get(name)![i];
          if (!shot.equals(expected))
            different.push(
              `${name} ${i ? 'in the flow' : 'positioned'} under body { ${declaration} }: ${saveShots(name, expected, shot)}`,
            );
        });
      }
    }
    assert.deepEqual(different, []);
  });

  test('host CSS cannot restyle the widgets: inherited properties, --w-* tokens, @property, @font-face', async () => {
    const plain = await open(`${host.url}/`);
    const hostile = await open(`${host.url}/hostile.html`);
    const differences = diffStyles(await drawnStyles(plain.page), await drawnStyles(hostile.page));
    assert.deepEqual(differences.slice(0, 20), [], `${differences.length} computed values differ`);
    for (const [name, selector] of DRAWN) {
      const [a, b] = [await shot(plain.page, selector), await shot(hostile.page, selector)];
      assert.ok(a.equals(b), `${name} looks different on the hostile page: ${saveShots(name, a, b)}`);
    }
    // The search dialog, drawn in the top layer from inside <doc-search>'s shadow root.
    for (const { page } of [plain, hostile]) {
      await page.locator('doc-search button.search-button').click();
      await page.mouse.move(0, 0);
      await page.evaluate(coverPage);
    }
    const [a, b] = [await shot(plain.page, 'doc-search dialog'), await shot(hostile.page, 'doc-search dialog')];
    assert.ok(a.equals(b), `the search dialog looks different on the hostile page: ${saveShots('dialog', a, b)}`);
    // The code buttons' tooltip (its place follows the button, which is the page's: its styles are compared).
    const tipStyles = async (page: Page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Copy code' }).hover();
      await page.waitForFunction(() => document.querySelector('docs-tooltip')?.matches(':popover-open'));
      return page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('docs-tooltip')!.shadowRoot!.querySelector('.tip')!);
        return Object.fromEntries(
          [...style]
            .filter((p) => !p.startsWith('--') && p !== '-webkit-locale')
            .map((p) => [p, style.getPropertyValue(p)]),
        );
      });
    };
    assert.deepEqual(await tipStyles(hostile.page), await tipStyles(plain.page));
  });

  test('a docs-base that is not an http(s) URL is reported, and the widget uses the docs site of its script', async () => {
    const { page, errors } = await open(`${host.url}/bad-base.html`);
    for (const tag of ['doc-search', 'tools-menu', 'copy-markdown']) {
      assert.ok(
        errors.some((e) => e.startsWith(`<${tag}>: attribute "docs-base" is not an http(s) URL`)),
        `${tag} reports its docs-base:\n${errors.join('\n')}`,
      );
    }
    assert.deepEqual(
      errors.filter((e) => !/attribute "docs-base"/.test(e)),
      [],
    );
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      fs.readFileSync(path.join(SITE_DIR, 'config/test/retry.md'), 'utf8'),
    );
    await searchFor(page, 'retry');
    const first = page.locator('doc-search a.search-hit').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('href'), `${docs.url}/config/test/retry`);
  });
});

describe('the AI links', () => {
  test('on the docs site, ask about the page without its query string and hash', async () => {
    const context = await newOfflineContext(browser);
    closers.push(() => context.close());
    const page = await context.newPage();
    await page.goto(`${docs.url}/config/test/retry?token=secret&utm_source=mail#retry`);
    // On the docs site an element's module loads when the reader reaches for it.
    await page.locator('copy-markdown').first().dispatchEvent('pointerover');
    await page.waitForSelector('copy-markdown[data-upgraded]', { state: 'attached' });
    await page.locator('copy-markdown').first().getByRole('button', { name: 'Open', exact: true }).click();
    for (const name of ['Open in ChatGPT', 'Open in Claude']) {
      const href = await page.getByRole('menuitem', { name }).getAttribute('href');
      assert.equal(
        new URL(href!).searchParams.get('q'),
        `Read ${docs.url}/config/test/retry, I want to ask questions about it.`,
        name,
      );
    }
  });
});

describe('embedded on a page that runs its own React', () => {
  test('both work: the host’s app keeps its state and events, the widgets upgrade and search', async () => {
    const { page, errors } = await open(`${hostReact.url}/react.html`);
    const counter = page.locator('#host-counter');
    await counter.click();
    await counter.click();
    assert.match((await counter.textContent())!, /^Host React 19\.[\d.]+: 2$/);
    await searchFor(page, 'retry');
    await page.locator('doc-search a.search-hit').first().waitFor();
    await page.keyboard.press('Escape');
    await counter.click();
    assert.match((await counter.textContent())!, /: 3$/);
    assert.deepEqual(errors, []);
  });
});

describe('embedded from a docs host without CORS', () => {
  test('search shows the unavailable state and logs why, never "No results"', async () => {
    const { page, errors } = await open(`${hostNoCors.url}/`);
    await searchFor(page, 'retry');
    // Opening the modal fails a first time; the typed query, once its debounce has run, asks again (the state
    // is then `initing` for a moment, without the button) and fails again: the checks wait for the state to show.
    await page.locator('doc-search .search-unavailable').waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    assert.equal(await page.locator('doc-search .search-empty-hint').count(), 0);
    assert.ok(
      errors.some((e) => e.includes(FETCH_FAILED_MESSAGE)),
      errors.join('\n'),
    );
  });
});

// `npm run preview` serves the build as a production host would, and the README's embed snippet works from a
// page on another port, as an embedder tries it before deploying (issue 42).
describe('npm run preview, tried by an embedder', () => {
  let preview: ChildProcess;
  let url: string;
  let hostPage: HostServer;
  before(async () => {
    preview = spawn('npm', ['run', 'preview', '--', SITE_DIR], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    url = await new Promise<string>((resolve, reject) => {
      let output = '';
      preview.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const printed = /Preview of .* at (http:\/\/\S+)/.exec(output);
        if (printed) resolve(printed[1]);
      });
      preview.on('exit', (code) => reject(new Error(`npm run preview exited with ${code}: ${output}`)));
    });
    hostPage = await startHostServer(HOST_DIR, url);
  });
  after(async () => {
    await hostPage?.close();
    if (preview?.pid) process.kill(-preview.pid, 'SIGTERM');
  });

  test('it serves clean URLs, the 404 page, the policy of _headers.example and CORS', async () => {
    const page = await fetch(`${url}config/test/retry`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<h1[^>]*>retry/i);
    assert.equal(page.headers.get('access-control-allow-origin'), '*');
    const policy = /Content-Security-Policy: (.*)/.exec(
      fs.readFileSync(path.join(SITE_DIR, '_headers.example'), 'utf8'),
    )![1];
    assert.equal(page.headers.get('content-security-policy'), policy);
    const missing = await fetch(`${url}no/such/page`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /data-page-type="404"/);
    assert.equal((await fetch(`${url}%E0%A4%A`)).status, 400);
    assert.equal((await fetch(`${url}..%2f..%2fpackage.json`)).status, 404);
  });

  test("the README's snippet on a page of another port finds a search result and copies a page's Markdown", async () => {
    const { page, errors } = await open(`${hostPage.url}/`);
    await searchFor(page, 'retry');
    const hit = page.locator('doc-search a.search-hit').first();
    await hit.waitFor();
    assert.match((await hit.getAttribute('href'))!, new RegExp(`^${url.replace(/\./g, '\\.')}config/test/retry`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await page.waitForSelector('copy-markdown >> [data-state="success"]');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clipboard, fs.readFileSync(path.join(SITE_DIR, 'config/test/retry.md'), 'utf8'));
    assert.deepEqual(errors, []);
  });
});
