// `npm start` (Eleventy's dev server) in a temp copy of the repository, against Chromium: a CSS edit is applied
// without a reload, a widget, content, layout or site.config.ts edit reloads the page (at the same scroll position,
// open <details> and chosen tabs kept), every kind of build error shows as an overlay at its file and line that goes
// once mended, pages added, renamed, moved and deleted (one language, then the other, or a pair in one write) are
// served or 404 at once, so are public files and images, and a server started with an error serves the overlay and
// recovers. The server answers only this machine, on the port PORT names (a free one here).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  chromiumArgs,
  chromiumPath,
  closeWithin,
  launchChromium,
  newOfflineContext,
  siteScriptRan,
} from '../support/browser.ts';
import { editFile, repoCopy, startDevServer, upgradeStatus, type DevServer } from '../support/dev-server.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
// The dev server reloads its pages whenever a build ends: every close is bounded (closeWithin says why).
after(async () => {
  await closeWithin(browser.close());
});
// No page stays connected to a server (its live-reload socket) for the next test to meet, even after a failure.
afterEach(async () => {
  await Promise.all(browser.contexts().map((context) => closeWithin(context.close())));
});

/** Opens `url` in `page`, which reloads by itself after each build: a visit such a reload interrupts is made again. */
async function visit(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      // A build ending meanwhile reloads the page, which stops the navigation (either way round).
      if (attempt === 3 || !/interrupted by another navigation|net::ERR_ABORTED/.test(String(error))) throw error;
    }
  }
}

async function open(url: string): Promise<Page> {
  const context = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Eleventy's live-reload client logs "Connected" once its socket is open: from then on, no build passes it by.
  const connected = page.waitForEvent('console', { predicate: (m) => /\bConnected$/.test(m.text()), timeout: 30_000 });
  await visit(page, url);
  await connected;
  await page.waitForLoadState('networkidle');
  return page;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A request as sent by hand: any Host header, the path as written (no normalising by a client). */
function raw(
  base: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: pathname, headers }, (res) => {
      // The event stream stays open: the status and the first bytes are enough.
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (res.headers['content-type']?.startsWith('text/event-stream')) res.destroy();
      });
      const done = () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A WebSocket handshake (the live-reload connection) with the given Host (and Origin): the status, 101 when accepted. */
const upgrade = (base: string, host: string, origin?: string): Promise<number> =>
  upgradeStatus(base, { host, ...(origin ? { origin } : {}) });

/** The error overlay's text (eleventy/dev-status.ts draws it as the root's ::after), '' when there is none. */
const overlayText = (page: Page) =>
  page.evaluate(() => {
    const content = getComputedStyle(document.documentElement, '::after').content;
    return content === 'none' || content === 'normal' ? '' : content;
  });

/** Resolves once the overlay's text matches `pattern` (or, with `gone`, once there is no overlay). */
async function overlay(page: Page, pattern: RegExp | 'gone', timeout = 60_000): Promise<string> {
  const until = Date.now() + timeout;
  let text = '';
  while (Date.now() < until) {
    // Bounded: a page caught mid-reload can leave an evaluate waiting for a context that never comes.
    // A page caught mid-reload answers nothing: that is no sign of the overlay either way.
    const now = await Promise.race([
      overlayText(page),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000)),
    ]).catch(() => undefined);
    if (now !== undefined) text = now;
    if (now !== undefined && (pattern === 'gone' ? text === '' : pattern.test(text))) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(`overlay: expected ${pattern === 'gone' ? 'none' : pattern}, is ${JSON.stringify(text)}`);
}

/** Resolves once `url` answers with a page that contains `text` (the dev server rebuilt after an edit). */
async function served(url: string, text: string, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (answer?.ok && (await answer.text().catch(() => '')).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not serve ${JSON.stringify(text)} within ${timeout} ms`);
}

/** Resolves once `url` answers 404 (the dev server rebuilt after a deletion). */
async function gone(url: string, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (answer?.status === 404) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} still answers within ${timeout} ms of its deletion`);
}

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

describe('dev server', () => {
  let dir: string;
  let server: DevServer;
  before(async () => {
    dir = repoCopy('e2e');
    server = await startDevServer(dir);
  });
  after(async () => {
    await server.stop();
  });
  // What the server said is the first thing to read when a test of it fails.
  afterEach((t) => {
    // (Node 20 has `passed` on the context; its types do not say so yet.)
    if (!(t as { passed?: boolean }).passed)
      console.log(`── the dev server's output, to the failure of "${t.name}" ──\n${server.output().slice(-6000)}`);
  });

  test("is Eleventy's dev server, on localhost and the port PORT names; other machines are refused", async () => {
    assert.match(server.output(), /\[11ty\] Server at http:\/\/localhost:\d+\//);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.doesNotMatch(server.url, /:8080$/);
    // A request to this machine's network address (not loopback) is one from the network: refused.
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (address) {
      const answer = await raw(`http://${address}:${new URL(server.url).port}`, '/');
      assert.equal(answer.status, 403);
    }
  });

  test('a page or live-reload connection on another name (DNS rebinding) gets 403', async () => {
    for (const pathname of ['/', '/llms-full.txt', '/guide/start/quick-start.md']) {
      const answer = await raw(server.url, pathname, { host: 'evil.example' });
      assert.equal(answer.status, 403, pathname);
      assert.doesNotMatch(answer.body, /<html|Rstest/);
    }
    // The names the server is reached by still work.
    for (const host of ['localhost', `127.0.0.1:${new URL(server.url).port}`, '[::1]']) {
      assert.equal((await raw(server.url, '/guide/start/', { host })).status, 200, host);
    }
    // The live-reload WebSocket too: a rebound page cannot listen to the edits.
    assert.equal(await upgrade(server.url, 'evil.example'), 403);
    assert.equal(await upgrade(server.url, `localhost:${new URL(server.url).port}`), 101);
  });

  test("a page's Markdown is served as the build publishes it", async () => {
    const answer = await raw(server.url, '/guide/start/quick-start.md');
    assert.equal(answer.status, 200);
    assert.match(answer.type, /^text\/markdown/);
    assert.equal(answer.body, fs.readFileSync(path.join(ROOT, '_site/guide/start/quick-start.md'), 'utf8'));
  });

  test('a CSS edit applies in the open page without a reload', async () => {
    await server.idle();
    const page = await open(`${server.url}/guide/start/quick-start`);
    await mark(page);
    editFile(path.join(dir, 'styles/base.css'), (css) => `${css}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)', undefined, {
      timeout: 30_000,
    });
    assert.ok(await marked(page), `no reload; the server said:\n${server.output().slice(-2000)}`);
  });

  test("an edit to the home page's own sheet swaps it on the home page; a doc page, which lacks it, stays as it is", async () => {
    await server.idle();
    const home = await open(`${server.url}/`);
    const doc = await open(`${server.url}/guide/start/quick-start`);
    await mark(home);
    await mark(doc);
    const linked = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-sheet]')].map(
          (l) => l.dataset.sheet,
        ),
      );
    assert.deepEqual(await linked(home), ['site', 'home']);
    assert.deepEqual(await linked(doc), ['site']);
    editFile(
      path.join(dir, 'styles/home.css'),
      (css) => `${css}
.hero { outline: 3px solid rgb(4, 5, 6); }
`,
    );
    await home.waitForFunction(
      () => getComputedStyle(document.querySelector('.hero')!).outlineColor === 'rgb(4, 5, 6)',
      undefined,
      { timeout: 30_000 },
    );
    assert.ok(await marked(home), 'no reload');
    // The old file goes once the new one applies: still one link per sheet.
    await home.waitForFunction(
      () => document.querySelectorAll('link[rel="stylesheet"][data-sheet]').length === 2,
      undefined,
      { timeout: 5000 },
    );
    assert.deepEqual(await linked(home), ['site', 'home']);
    assert.deepEqual(await linked(doc), ['site']);
    assert.ok(await marked(doc), 'no reload');
  });

  test('a widget edit reloads the page at the same scroll position', async () => {
    await server.idle();
    const page = await open(`${server.url}/guide/start/quick-start`);
    await mark(page);
    await page.evaluate(() => window.scrollTo(0, 500));
    await page.waitForFunction(() => (history.state as { scrollY?: number } | null)?.scrollY === 500, undefined, {
      timeout: 3000,
    });
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    editFile(
      path.join(dir, 'widgets/index.ts'),
      (ts) => `${ts}\n(window as unknown as { __widgetEdit: number }).__widgetEdit = 7;\n`,
    );
    await reloaded;
    await page.waitForFunction(() => (window as unknown as { __widgetEdit?: number }).__widgetEdit === 7, undefined, {
      timeout: 10_000,
    });
    assert.equal(await marked(page), false);
    await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 5000 });
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - 500) <= 4, 'scroll position kept');
  });

  test('no file outside the served folders through a symlink, no hidden files, a malformed URL is a 400 without a stack', async () => {
    fs.symlinkSync('/etc/passwd', path.join(dir, 'content/public/passwd.txt'));
    fs.writeFileSync(path.join(dir, 'content/public/.env'), 'SECRET=1\n');
    for (const pathname of ['/passwd.txt', '/.env', '/assets/.vite/manifest.json']) {
      const answer = await raw(server.url, pathname);
      assert.equal(answer.status, 404, pathname);
      assert.doesNotMatch(answer.body, /root:|SECRET|"isEntry"/, pathname);
    }
    const malformed = await raw(server.url, '//[');
    assert.equal(malformed.status, 400);
    assert.doesNotMatch(malformed.body, /\bat \S+ \(|node:internal|\.ts:\d+/);
    // The files added build the site and reload its open pages: it comes after the tests that check for no reload.
    // The watcher logs them a moment after they are written, and idle() counts only what it has logged.
    await server.waitFor(/File added: \S*\.env\n/);
    await server.waitFor(/File added: \S*passwd\.txt\n/);
    await server.idle();
  });

  test('a content edit shows in the open page at the same scroll position, its widgets working', async () => {
    await server.idle();
    const page = await open(`${server.url}/guide/start/quick-start`);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await page.waitForFunction(() => (history.state as { scrollY?: number } | null)?.scrollY === 600, undefined, {
      timeout: 3000,
    });
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    // Appended, so the test does not depend on the page's wording.
    editFile(file, (md) => `${md.trimEnd()}\n\nEdited in place.\n`);
    await page.waitForFunction(
      () => document.querySelector('#main')?.textContent?.includes('Edited in place.'),
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 5000 });
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - 600) <= 4, 'scroll position kept');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, {
      timeout: 5000,
    });
  });

  test("a content edit keeps the open <details> open and a code group's chosen tab", async () => {
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    // Blocks of our own, so the test does not depend on the page's wording.
    editFile(
      file,
      (md) =>
        `${md.trimEnd()}\n\n:::details Kept open\n\nInside the block.\n\n:::\n\n` +
        '::: code-group\n\n```txt title="first"\none\n```\n\n```txt title="second"\ntwo\n```\n\n:::\n',
    );
    // Opened once the server serves the edit: a page opened before the rebuild could miss its reload.
    await served(`${server.url}/guide/start/quick-start`, 'Kept open');
    const page = await open(`${server.url}/guide/start/quick-start`);
    const details = page.locator('.doc-content details', { hasText: 'Kept open' });
    await details.locator('summary').click();
    const strip = page.locator('.doc-content .code-group:not(.pm-group) > .tabs').last();
    await strip.locator('label', { hasText: 'second' }).click();
    const state = async () => ({
      open: await details.evaluate((el) => (el as HTMLDetailsElement).open),
      tab: await strip.locator('input:checked + label').textContent(),
    });
    assert.deepEqual(await state(), { open: true, tab: 'second' });
    editFile(file, (md) => `${md.trimEnd()}\n\nEdited below the blocks.\n`);
    await page.waitForFunction(
      () => document.querySelector('#main')?.textContent?.includes('Edited below the blocks.'),
      undefined,
      { timeout: 15_000 },
    );
    // The page's script restores them when it starts, after the reloaded page's first paint.
    await page.waitForFunction(siteScriptRan, undefined, { timeout: 10_000 });
    assert.deepEqual(await state(), { open: true, tab: 'second' }, 'kept');
  });

  test('a page that loads while a build ends shows that build, though its live-reload connection opened too late to hear of it', async () => {
    await server.idle();
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    const url = `${server.url}/guide/start/quick-start`;
    // Chromium counts a response the test hands over (below) as a public page's and would refuse it any connection
    // to this machine (Local Network Access checks): a browser without those checks.
    const lenient = await chromium.launch({
      executablePath: chromiumPath(),
      args: chromiumArgs(['LocalNetworkAccessChecks']),
    });
    const page = await (await newOfflineContext(lenient)).newPage();
    // The page's first response is the page before the edit, handed over only once the edit's build has ended.
    let fetched!: () => void;
    const before = new Promise<void>((resolve) => (fetched = resolve));
    let release!: () => void;
    const built = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(url, async (route) => {
      if (held || !route.request().isNavigationRequest()) return route.continue();
      held = true;
      const answer = await route.fetch();
      fetched();
      await built;
      await route.fulfill({ response: answer });
    });
    try {
      const loading = page.goto(url);
      await before;
      const from = server.output().length;
      editFile(file, (md) => `${md.trimEnd()}\n\nEdited while the page loaded.\n`);
      await server.waitFor(/File changed: \S*quick-start\.md/, 30_000);
      while (!/the open pages are up to date/.test(server.output().slice(from)))
        await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await loading;
      await page.waitForFunction(
        () => document.querySelector('#main')?.textContent?.includes('Edited while the page loaded.'),
        undefined,
        { timeout: 30_000 },
      );
    } finally {
      release();
      await closeWithin(lenient.close());
      editFile(file, () => original);
    }
  });

  test('a build error shows an overlay with file:line, and it goes once fixed', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    editFile(file, (md) => `${md.trimEnd()}\n\nSee [Node](/no/such/page).\n`);
    const text = await overlay(page, /dead link/);
    assert.match(text, /content\/en\/guide\/start\/quick-start\.md:\d+/);
    assert.match(text, /fix:/);
    editFile(file, () => original);
    await overlay(page, 'gone');
    // The server is still serving.
    assert.equal((await page.request.get(`${server.url}/guide/start/`)).status(), 200);
  });

  test('front matter naming a prototype shows in the overlay at its line; removed, the server builds again (issue 41)', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    editFile(file, (md) => md.replace(/^---\n/, '---\n__proto__:\n  polluted: yes\n'));
    const text = await overlay(page, /__proto__/);
    // (A CSS string: its quotes are escaped.)
    assert.match(text, /content\/en\/guide\/start\/quick-start\.md:2: front-matter key \\"__proto__\\" is not allowed/);
    assert.match(text, /fix: remove the key/);
    assert.doesNotMatch(server.output(), /Liquid\.addTag|fatal watch error/);
    editFile(file, () => original);
    await overlay(page, 'gone');
    // Every later edit builds as before (the key never reached Object.prototype, which broke each build after it).
    editFile(file, (md) => `${md.trimEnd()}\n\nA sentence after the mend.\n`);
    await served(`${server.url}/guide/start/quick-start`, 'A sentence after the mend.');
    editFile(file, () => original);
    await served(`${server.url}/guide/start/quick-start`, 'quick');
  });

  test("another site's page can neither follow the edits nor read the overlay; the author's page can (issue 41)", async () => {
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    const own = await open(`${server.url}/guide/start/quick-start`);
    editFile(file, (md) => `${md.trimEnd()}\n\nSee [Node](/no/such/page).\n`);
    try {
      await overlay(own, /dead link/);
      // A page of another site (served here by the browser itself) that links the overlay and opens the socket, in
      // a browser that lets a public page reach this machine, as Firefox and Safari do (Chromium's Local Network
      // Access checks would refuse it before the server is asked).
      const lenient = await chromium.launch({
        executablePath: chromiumPath(),
        args: chromiumArgs(['LocalNetworkAccessChecks']),
      });
      const context = await newOfflineContext(lenient);
      const page = await context.newPage();
      await page.route('http://attacker.test/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>elsewhere</title><link rel="stylesheet" href="${server.url}/assets/dev-status.css"><p>hi</p>`,
        }),
      );
      await page.goto('http://attacker.test/');
      await page.waitForLoadState('load');
      assert.equal(await overlayText(page), '', 'the overlay text is not readable from another site');
      const socket = await page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onopen = () => resolve('open');
            ws.onerror = () => resolve('refused');
          }),
        server.url.replace(/^http/, 'ws'),
      );
      assert.equal(socket, 'refused', 'the live-reload socket refuses another origin');
      await closeWithin(lenient.close());
      for (const pathname of ['/assets/dev-status.css', '/assets/dev-check.js', '/.11ty/reload-client.js']) {
        assert.equal((await raw(server.url, pathname, { origin: 'http://evil.example' })).status, 403, pathname);
        assert.equal((await raw(server.url, pathname, { 'sec-fetch-site': 'cross-site' })).status, 403, pathname);
        assert.equal((await raw(server.url, pathname, { 'sec-fetch-site': 'same-origin' })).status, 200, pathname);
      }
      // What a production host serves to anyone is served to another site's page here too.
      for (const pathname of ['/guide/start/', '/guide/start/quick-start.md'])
        assert.equal((await raw(server.url, pathname, { 'sec-fetch-site': 'cross-site' })).status, 200, pathname);
      assert.equal(await upgrade(server.url, `localhost:${new URL(server.url).port}`, 'http://evil.example'), 403);
      assert.equal(
        await upgrade(
          server.url,
          `localhost:${new URL(server.url).port}`,
          `http://localhost:${new URL(server.url).port}`,
        ),
        101,
      );
      // The author's own page still has its overlay and its socket: mended, the overlay goes.
      editFile(file, () => original);
      await overlay(own, 'gone');
    } finally {
      editFile(file, () => original);
    }
  });

  test('a widget that does not compile shows as an overlay until it does', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'widgets/index.ts');
    const original = (await import('node:fs')).readFileSync(file, 'utf8');
    editFile(file, (ts) => `${ts}\nconst broken = ;\n`);
    assert.match(await overlay(page, /Vite/), /widgets\/index\.ts/);
    editFile(file, () => original);
    await overlay(page, 'gone');
  });

  test('a stylesheet that does not build shows as an overlay until it does', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'styles/base.css');
    const original = (await import('node:fs')).readFileSync(file, 'utf8');
    editFile(file, (css) => `@import "./no-such-sheet.css";\n${css}`);
    assert.match(await overlay(page, /Vite could not build the stylesheets/), /no-such-sheet\.css/);
    editFile(file, () => original);
    await overlay(page, 'gone');
  });

  /** A page of our own, with what every page needs (title, description) and a link into the site. */
  const newPage = (title: string, body: string) =>
    `---\ntitle: ${title}\ndescription: ${title}, a page an author just added.\n---\n\n${body}\n\nSee [the quick start](/guide/start/quick-start).\n`;

  /** Resolves once the open page (reloading by itself after each build) shows this heading. */
  const shows = (page: Page, heading: string | RegExp) =>
    page.locator('h1', { hasText: heading }).waitFor({ timeout: 60_000 });
  const NOT_FOUND = /PAGE NOT FOUND|页面未找到|404/;

  test('a page pair saved in one write is served in both languages, and deleting it makes both 404: 10 times over', async () => {
    // The author keeps the page open while adding it: it shows the 404 page, then the page, then the 404 page.
    const page = await open(`${server.url}/guide/advanced/newcomer`);
    await shows(page, NOT_FOUND);
    const en = path.join(dir, 'content/en/guide/advanced/newcomer.md');
    const zh = path.join(dir, 'content/zh/guide/advanced/newcomer.md');
    for (let round = 1; round <= 10; round++) {
      // As an editor's "save all" does: both files at once, with no build between them.
      fs.writeFileSync(en, newPage(`Newcomer ${round}`, 'Written in English.'));
      fs.writeFileSync(zh, newPage(`新页面 ${round}`, '用中文写的。'));
      await shows(page, new RegExp(`^Newcomer ${round}$`));
      await served(`${server.url}/zh/guide/advanced/newcomer`, `新页面 ${round}`);
      // Each knows the other (no "no counterpart" problem): no overlay.
      await overlay(page, 'gone', 10_000);
      fs.rmSync(en);
      fs.rmSync(zh);
      await shows(page, NOT_FOUND);
      await gone(`${server.url}/guide/advanced/newcomer`);
      await gone(`${server.url}/zh/guide/advanced/newcomer`);
      await overlay(page, 'gone', 10_000);
    }
    assert.doesNotMatch(server.output(), /has not yet initialized|fatal watch error/);
  });

  test('a page added in one language, then the other, then renamed, moved and deleted: the open page shows each state', async () => {
    let page = await open(`${server.url}/guide/advanced/one-by-one`);
    await shows(page, NOT_FOUND);
    // The author opens the new path in a new tab: the old one's reload after the last build may still be on its way
    // (the server has sent it, the page has not yet acted on it), and it would cut a visit in that tab short.
    const reopen = async (url: string) => {
      await closeWithin(page.context().close());
      page = await open(url);
    };
    const en = path.join(dir, 'content/en/guide/advanced/one-by-one.md');
    const zh = path.join(dir, 'content/zh/guide/advanced/one-by-one.md');
    fs.writeFileSync(en, newPage('One by one', 'English first.'));
    await shows(page, 'One by one');
    // Alone, the page has no Chinese counterpart: the overlay says so while it lacks one (a problem of the docs).
    assert.match(await overlay(page, /counterpart/), /one-by-one\.md:1: this page has no .* \(zh\) counterpart/);
    fs.writeFileSync(zh, newPage('逐个添加', '再写中文。'));
    await served(`${server.url}/zh/guide/advanced/one-by-one`, '再写中文。');
    await overlay(page, 'gone');
    // Renamed (moved) in both languages: the open page at the old path is the 404 page, the new path serves it.
    fs.renameSync(en, en.replace('one-by-one', 'renamed'));
    fs.renameSync(zh, zh.replace('one-by-one', 'renamed'));
    await shows(page, NOT_FOUND);
    await served(`${server.url}/zh/guide/advanced/renamed`, '再写中文。');
    await served(`${server.url}/guide/advanced/renamed`, 'English first.');
    // The deletions' build too has ended (a page loading while a build ends has a test of its own).
    await server.idle();
    await reopen(`${server.url}/guide/advanced/renamed`);
    await shows(page, 'One by one');
    await overlay(page, 'gone');
    // Moved to another folder, both languages: the same again.
    const moved = (file: string) => file.replace('advanced/one-by-one', 'basic/moved');
    fs.renameSync(en.replace('one-by-one', 'renamed'), moved(en));
    fs.renameSync(zh.replace('one-by-one', 'renamed'), moved(zh));
    await shows(page, NOT_FOUND);
    await served(`${server.url}/guide/basic/moved`, 'English first.');
    await served(`${server.url}/zh/guide/basic/moved`, '再写中文。');
    await server.idle();
    await reopen(`${server.url}/guide/basic/moved`);
    await shows(page, 'One by one');
    await overlay(page, 'gone');
    fs.rmSync(moved(en));
    fs.rmSync(moved(zh));
    await shows(page, NOT_FOUND);
    await gone(`${server.url}/zh/guide/basic/moved`);
  });

  test('the overlay goes when the page that caused it is deleted', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/en/guide/advanced/broken-link.md');
    const twin = path.join(dir, 'content/zh/guide/advanced/broken-link.md');
    fs.writeFileSync(file, newPage('Broken link', 'See [nowhere](/no/such/page).'));
    fs.writeFileSync(twin, newPage('断链', '见 [不存在的页](/no/such/page)。'));
    assert.match(await overlay(page, /dead link/), /content\/en\/guide\/advanced\/broken-link\.md:\d+/);
    fs.rmSync(file);
    fs.rmSync(twin);
    await overlay(page, 'gone');
  });

  test('an edit of a partial shows in the open page that imports it', async () => {
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const partial = path.join(dir, 'content/en/guide/start/shared-part.md');
    const original = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(partial, 'Shared text, first wording.\n');
      editFile(file, (md) => `${md.trimEnd()}\n\nimport SharedPart from './shared-part.md';\n\n<SharedPart />\n`);
      const page = await open(`${server.url}/guide/start/quick-start`);
      const shows = (text: string) =>
        page.waitForFunction((text) => document.querySelector('#main')?.textContent?.includes(text), text, {
          timeout: 30_000,
        });
      await shows('Shared text, first wording.');
      editFile(partial, () => 'Shared text, second wording.\n');
      await shows('Shared text, second wording.');
    } finally {
      editFile(file, () => original);
      fs.rmSync(partial, { force: true });
      await server.idle();
    }
  });

  test('a public file added is served as it is; deleted, it is a 404', async () => {
    const file = path.join(dir, 'content/public/notes-for-readers.txt');
    const url = `${server.url}/notes-for-readers.txt`;
    fs.writeFileSync(file, 'Plain notes, published as they are.\n');
    await served(url, 'Plain notes, published as they are.');
    // Opened in the browser (a text file: no live reload of its own), then reloaded once the file is deleted.
    const context = await newOfflineContext(browser);
    const page = await context.newPage();
    assert.equal((await page.goto(url))?.status(), 200);
    assert.equal((await page.locator('body').textContent())?.trim(), 'Plain notes, published as they are.');
    fs.rmSync(file);
    await gone(url);
    assert.equal((await page.reload())?.status(), 404);
    await page.locator('h1', { hasText: NOT_FOUND }).waitFor();
  });

  /** A 1×1 PNG: an image by its extension and its bytes, as the build checks. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  test('images added beside a page and in content/public show in the open page; deleted, the overlay names each at its line until the page is mended', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    const beside = path.join(dir, 'content/en/guide/start/run-diagram.png');
    const published = path.join(dir, 'content/public/img/added-by-author.png');
    const from = server.output().length;
    try {
      fs.writeFileSync(beside, PNG);
      fs.mkdirSync(path.dirname(published), { recursive: true });
      fs.writeFileSync(published, PNG);
      editFile(file, (md) => `${md.trimEnd()}\n\n![A run](./run-diagram.png)\n\n![Added](/img/added-by-author.png)\n`);
      const images = page.locator('#main img[alt="A run"], #main img[alt="Added"]');
      await page.waitForFunction(
        () => document.querySelectorAll('#main img[alt="A run"], #main img[alt="Added"]').length === 2,
        undefined,
        { timeout: 30_000 },
      );
      // Both are served as images (lazy-loaded, so asked for here rather than scrolled to), once the build for the
      // files added has copied them (the page's own edit may be built first).
      for (const src of await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')!))) {
        const url = new URL(src, page.url()).href;
        await served(url, '');
        assert.equal((await fetch(url)).headers.get('content-type'), 'image/png', src);
      }
      const line = original.trimEnd().split('\n').length + 2;
      fs.rmSync(beside);
      assert.match(
        await overlay(page, /run-diagram\.png/),
        new RegExp(`quick-start\\.md:${line}: image \\\\"\\./run-diagram\\.png\\\\" not found`),
      );
      fs.rmSync(published);
      assert.match(
        await overlay(page, /added-by-author\.png/),
        new RegExp(`quick-start\\.md:${line + 2}: missing image \\\\"/img/added-by-author\\.png\\\\"`),
      );
      editFile(file, () => original);
      await overlay(page, 'gone');
      await gone(`${server.url}/img/added-by-author.png`);
      // Nothing about copying the deleted images: the builds name what is missing, and that alone.
      assert.doesNotMatch(server.output().slice(from), /Problem writing|ENOENT/);
    } finally {
      editFile(file, () => original);
      fs.rmSync(beside, { force: true });
      fs.rmSync(published, { force: true });
    }
  });

  test("an edit of site.config.ts's sidebar shows in the open page; a sidebar link to no page is an overlay at its line until mended", async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'site.config.ts');
    const original = fs.readFileSync(file, 'utf8');
    const sidebar = page.locator('.sidebar-group-title', { hasText: 'First steps' });
    try {
      editFile(file, (ts) => ts.replace("en: 'Getting Started'", "en: 'First steps'"));
      await sidebar.waitFor({ timeout: 60_000 });
      const entry = "          { link: '/guide/start/ai' },\n";
      const line = original.slice(0, original.indexOf(entry)).split('\n').length + 1;
      editFile(file, (ts) => ts.replace(entry, `${entry}          { link: '/guide/start/no-such-page' },\n`));
      assert.match(
        await overlay(page, /no-such-page/, 60_000),
        new RegExp(
          `site\\.config\\.ts:${line}: sidebar entry \\\\"/guide/start/no-such-page\\\\" links to /guide/start/no-such-page, and no page has that route`,
        ),
      );
      editFile(file, () => original);
      await overlay(page, 'gone', 60_000);
      await page.locator('.sidebar-group-title', { hasText: 'Getting Started' }).waitFor({ timeout: 30_000 });
      assert.equal(await sidebar.count(), 0);
    } finally {
      editFile(file, () => original);
    }
  });

  test('a layout edit shows in the open page, even one saved while a build runs; a layout that does not compile is an overlay at its line until mended', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'layouts/DocLayout.tsx');
    const original = fs.readFileSync(file, 'utf8');
    const at = '{showFooter ? <DocFooter';
    assert.ok(original.includes(at), `layouts/DocLayout.tsx renders the footer as ${at}`);
    const extra = path.join(dir, 'content/public/while-building.txt');
    try {
      editFile(file, (tsx) => tsx.replace(at, `<p id="layout-edit">Edited in the layout.</p>\n          ${at}`));
      await page.locator('#layout-edit', { hasText: 'Edited in the layout.' }).waitFor({ timeout: 60_000 });
      // Saved while the site builds (for a file added), the next edit is built after it, with the new layout.
      await server.idle();
      fs.writeFileSync(extra, 'Added.\n');
      await server.waitFor(/File added: \S*while-building\.txt\n(?:.*\n)*?\[docs\] rebuilding the site/, 30_000);
      editFile(file, (tsx) => tsx.replace('Edited in the layout.', 'Edited again, mid-build.'));
      await page.locator('#layout-edit', { hasText: 'Edited again, mid-build.' }).waitFor({ timeout: 60_000 });
      editFile(file, (tsx) => tsx.replace('<p id="layout-edit">', '<p id="layout-edit"'));
      assert.match(await overlay(page, /does not load/, 60_000), /layouts\/DocLayout\.tsx:\d+/);
      editFile(file, () => original);
      await page.locator('#layout-edit').waitFor({ state: 'detached', timeout: 60_000 });
      await overlay(page, 'gone', 60_000);
    } finally {
      editFile(file, () => original);
      fs.rmSync(extra, { force: true });
    }
  });

  // Each kind of problem a page can have, made in the open page's Markdown and mended: the overlay names the page's
  // file and line and says what is wrong, and goes once the page is right again.
  const PAGE_PROBLEMS: { what: string; make: (md: string) => string; says: RegExp }[] = [
    {
      what: 'front matter that is not YAML',
      make: (md) => md.replace(/^title: .*$/m, 'title: [unclosed'),
      says: /:2: /,
    },
    {
      what: 'an empty title',
      make: (md) => md.replace(/^title: .*$/m, 'title:'),
      says: /:2: front-matter field \\"title\\" is empty/,
    },
    { what: 'a container never closed', make: (md) => `${md.trimEnd()}\n\n:::tip\nNever closed.\n`, says: /:tip/ },
    {
      what: 'a heading id used twice',
      make: (md) => `${md.trimEnd()}\n\n## One {#twice}\n\n## Two {#twice}\n`,
      says: /heading id \\"#twice\\" is used twice/,
    },
    {
      what: 'an HTML comment never closed',
      make: (md) => `${md.trimEnd()}\n\n<!-- never closed\n`,
      says: /is never closed/,
    },
    {
      what: 'a javascript: link',
      make: (md) => `${md.trimEnd()}\n\n[Run it](javascript:alert(1))\n`,
      says: /javascript:/,
    },
    {
      what: 'a pm block that is no npm command',
      make: (md) => `${md.trimEnd()}\n\n\`\`\`pm\nmake install\n\`\`\`\n`,
      says: /pm block/,
    },
    {
      what: 'an image that does not exist',
      make: (md) => `${md.trimEnd()}\n\n![Gone](./no-such-image.png)\n`,
      says: /no-such-image\.png\\" not found/,
    },
  ];

  test('every kind of problem in a page shows in the overlay at its file and line, and goes once mended', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/en/guide/start/quick-start.md');
    const original = fs.readFileSync(file, 'utf8');
    const from = server.output().length;
    try {
      for (const { what, make, says } of PAGE_PROBLEMS) {
        editFile(file, make);
        const text = await overlay(page, says).catch((error: Error) => assert.fail(`${what}: ${error.message}`));
        assert.match(text, /content\/en\/guide\/start\/quick-start\.md:\d+: /, what);
        assert.match(text, /fix: /, what);
        editFile(file, () => original);
        await overlay(page, 'gone').catch((error: Error) => assert.fail(`${what}, mended: ${error.message}`));
      }
      assert.doesNotMatch(server.output().slice(from), /fatal watch error|Having trouble writing|Problem writing/);
    } finally {
      editFile(file, () => original);
    }
  });

  test('a redirects file that is not JSON is an overlay naming it until mended', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'content/redirects.json');
    const original = fs.readFileSync(file, 'utf8');
    try {
      editFile(file, (json) => json.replace(/\}\s*$/, ',}\n'));
      assert.match(await overlay(page, /redirects file is not valid JSON/), /content\/redirects\.json/);
      editFile(file, () => original);
      await overlay(page, 'gone');
    } finally {
      editFile(file, () => original);
    }
  });

  test('a syntax error in lib/ shows as an overlay; fixed, the page reloads with a fresh build', async () => {
    const page = await open(`${server.url}/guide/start/quick-start`);
    const file = path.join(dir, 'lib/escape-html.ts');
    const original = (await import('node:fs')).readFileSync(file, 'utf8');
    editFile(file, (ts) => `${ts}\nexport const broken = ;\n`);
    assert.match(await overlay(page, /does not load/), /lib\/escape-html\.ts:\d+/);
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    editFile(file, () => original);
    await reloaded;
    await page.locator('#docs-page-data').waitFor({ state: 'attached' });
    await overlay(page, 'gone');
  });
});

describe('dev server started with an error', () => {
  let dir: string;
  let server: DevServer;
  before(async () => {
    dir = repoCopy('e2e-broken');
    editFile(path.join(dir, 'content/en/guide/start/index.md'), (md) => md.replace(/^title: .*$/m, 'title: [unclosed'));
    server = await startDevServer(dir);
  });
  after(async () => {
    await server.stop();
  });

  test('serves the overlay, keeps running, and shows the site once fixed', async () => {
    assert.match(server.output(), /problem/);
    const page = await open(`${server.url}/guide/start/`);
    assert.match(await overlay(page, /problem/, 10_000), /content\/en\/guide\/start\/index\.md:\d+/);
    editFile(path.join(dir, 'content/en/guide/start/index.md'), (md) => md.replace('title: [unclosed', 'title: Guide'));
    await overlay(page, 'gone');
    await page.locator('#docs-page-data').waitFor({ state: 'attached', timeout: 10_000 });
  });
});
