// The reader flows that other engines run on the built site (Firefox: test/e2e/firefox.test.ts; WebKitGTK:
// scripts/test-webkit.ts): theme, search, client navigation, tabs, menus, code copy, Copy Markdown, image zoom,
// Chinese search, the Chinese 404. Written against a small driver (real pointer and keys, script as text) so that
// puppeteer over WebDriver BiDi and WebdriverIO over classic WebDriver run the same steps.
import assert from 'node:assert/strict';

export interface ReaderDriver {
  /** Opens a path of the site and waits for its load and for the site's script to have run. */
  goto(pathname: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page (a promise is awaited); the value must be JSON. */
  run<T>(expression: string): Promise<T>;
  /** Moves the pointer to a point of the viewport. */
  hover(x: number, y: number): Promise<void>;
  /** A real click (a user activation, as the clipboard needs). */
  click(x: number, y: number): Promise<void>;
  /** A key, or a chord: ['Control', 'k']. */
  press(keys: string[]): Promise<void>;
  /** Types text into the focused element. */
  type(text: string): Promise<void>;
}

/**
 * Finds an element: CSS selectors joined by ` >>> ` step into shadow roots (or stay in the light DOM of an element
 * without one); `text`, when given, picks the match whose text is exactly that. As page script text: functions
 * compiled by tsx carry `__name(…)` calls that do not exist in the page.
 */
const FIND = `((selector, text) => {
  let roots = [document];
  const parts = selector.split(' >>> ');
  for (let i = 0; i < parts.length; i++) {
    const found = roots.flatMap((root) => [...root.querySelectorAll(parts[i])]);
    if (i === parts.length - 1) return found.find((el) => text === undefined || el.textContent.trim() === text) ?? null;
    roots = found.map((el) => el.shadowRoot ?? el);
  }
  return null;
})`;

const find = (selector: string, text?: string) =>
  `${FIND}(${JSON.stringify(selector)}, ${text === undefined ? 'undefined' : JSON.stringify(text)})`;

/** Polls an expression until it is truthy; fails naming what was awaited. */
export async function waitUntil(d: ReaderDriver, expression: string, what: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await d.run<boolean>(`!!(${expression})`).catch(() => false)) return;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The centre of an element, scrolled into view first. */
async function centre(d: ReaderDriver, selector: string, text?: string): Promise<[number, number]> {
  await waitUntil(d, find(selector, text), `${selector}${text ? ` "${text}"` : ''}`);
  return d.run<[number, number]>(`(() => {
    const el = ${find(selector, text)};
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
  })()`);
}

export async function clickOn(d: ReaderDriver, selector: string, text?: string): Promise<void> {
  const [x, y] = await centre(d, selector, text);
  await d.click(x, y);
}

export async function hoverOn(d: ReaderDriver, selector: string): Promise<void> {
  const [x, y] = await centre(d, selector);
  await d.hover(x, y);
}

/** The site loads a widget's module when the pointer comes over it: reach for it and wait for the upgrade. */
async function reachFor(d: ReaderDriver, tag: string): Promise<void> {
  await hoverOn(d, tag);
  await waitUntil(d, `document.querySelector('${tag}[data-upgraded]')`, `<${tag}> to upgrade`);
}

/**
 * Records what the page hands the clipboard, by whichever call it uses (a ClipboardItem's text, or the text):
 * engines differ in letting a test read the clipboard back.
 */
async function recordClipboard(d: ReaderDriver): Promise<void> {
  await d.run(`(() => {
    window.__copied = [];
    const clipboard = navigator.clipboard;
    const write = clipboard.write?.bind(clipboard);
    const writeText = clipboard.writeText.bind(clipboard);
    if (write)
      clipboard.write = (items) => {
        for (const item of items) window.__copied.push(item.getType('text/plain').then((blob) => blob.text()));
        return write(items);
      };
    clipboard.writeText = (text) => (window.__copied.push(Promise.resolve(text)), writeText(text));
    return true;
  })()`);
}

/** The texts handed to the clipboard since `recordClipboard`, in order. */
const copied = (d: ReaderDriver) => d.run<string[]>(`Promise.all(window.__copied)`);

const isDark = `document.documentElement.classList.contains('dark')`;

/** sRGB relative luminance (0 black … 1 white) of a computed colour `rgb(r, g, b)`. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function search(d: ReaderDriver, query: string, firstHref: string): Promise<void> {
  await reachFor(d, 'doc-search');
  await d.press(['Control', 'k']);
  await waitUntil(
    d,
    `${find('doc-search >>> input')} === document.querySelector('doc-search').shadowRoot?.activeElement || document.activeElement === ${find('doc-search >>> input')}`,
    'the search box to take focus',
  );
  await d.type(query);
  await waitUntil(
    d,
    `(${find('doc-search >>> [role="option"]')}?.getAttribute('href') ?? '').startsWith(${JSON.stringify(firstHref)})`,
    `"${query}" to answer ${firstHref} first`,
  );
  await d.press(['Enter']);
  await waitUntil(
    d,
    `location.pathname.startsWith(${JSON.stringify(firstHref)}) && document.querySelector('#main h1')`,
    `Enter to open ${firstHref}`,
  );
}

export interface ReaderFlow {
  name: string;
  run(d: ReaderDriver): Promise<void>;
}

export const READER_FLOWS: ReaderFlow[] = [
  {
    name: 'the theme toggle switches to dark and back; in Firefox (classic scrollbars), the sidebar scrollbar follows',
    async run(d) {
      await d.goto('/guide/start/quick-start');
      assert.equal(await d.run(isDark), false, 'a light system starts light');
      await clickOn(d, 'theme-toggle');
      await waitUntil(d, isDark, 'the dark theme');
      assert.equal(await d.run(`localStorage.getItem('rstest-theme')`), 'dark');
      const sidebar = `getComputedStyle(document.querySelector('.sidebar'))`;
      const [scheme, colors, firefox] = await d.run<[string, string, boolean]>(
        `[${sidebar}.colorScheme, ${sidebar}.scrollbarColor, CSS.supports('-moz-appearance', 'none')]`,
      );
      // Chromium and WebKit draw dark scrollbars from the colour scheme; Firefox needs explicit colours.
      assert.equal(scheme, 'dark');
      if (firefox) {
        // A dark thumb on the dark sidebar, not the system's pale classic scrollbar.
        assert.notEqual(colors, 'auto', 'dark mode gives the scrollbar colours');
        assert.ok(luminance(colors) < 0.25, `a dark scrollbar thumb: ${colors}`);
      }
      await clickOn(d, 'theme-toggle');
      await waitUntil(d, `!${isDark}`, 'the light theme again');
      if (firefox)
        assert.equal(await d.run(`${sidebar}.scrollbarColor`), 'auto', 'light mode keeps the system scrollbar');
    },
  },
  {
    name: 'Ctrl+K, "retry", Enter opens the retry page',
    async run(d) {
      await d.goto('/guide/start/');
      await search(d, 'retry', '/config/test/retry');
      await waitUntil(d, `document.querySelector('#main h1').textContent.startsWith('retry')`, 'the retry page');
    },
  },
  {
    name: 'a link to the next page changes the page without a reload',
    async run(d) {
      await d.goto('/config/test/retry');
      await d.run(`window.__readerMarker = 42`);
      await clickOn(d, '.pager.next');
      await waitUntil(
        d,
        `location.pathname === '/config/test/testTimeout' && document.title === 'testTimeout - Rstest'`,
        'the next page',
      );
      assert.equal(await d.run(`window.__readerMarker === 42`), true, 'the same window: no full load');
    },
  },
  {
    name: 'a package-manager tab choice applies to every tab group and is remembered',
    async run(d) {
      await d.goto('/guide/start/quick-start');
      await reachFor(d, 'pm-tabs');
      await clickOn(d, 'pm-tabs >>> [role="tab"]', 'yarn');
      await waitUntil(
        d,
        `[...document.querySelectorAll('pm-tabs')].every((el) => (el.shadowRoot ?? el).querySelector('[aria-selected="true"]')?.textContent.trim() === 'yarn')`,
        'every group to show yarn',
      );
      assert.equal(await d.run(`localStorage.getItem('rstest.tabs.pm')`), '1');
    },
  },
  {
    name: 'the language menu and the tools menu open under the pointer',
    async run(d) {
      await d.goto('/guide/start/');
      await hoverOn(d, '.lang-switch .nav-dropdown-button');
      await waitUntil(
        d,
        `getComputedStyle(document.querySelector('.lang-switch .nav-dropdown-menu')).visibility === 'visible'`,
        'the language menu',
      );
      await hoverOn(d, 'tools-menu');
      await waitUntil(
        d,
        `(() => { const p = ${find('tools-menu >>> .popover')}; return p && !p.hidden && p.getBoundingClientRect().height > 0; })()`,
        'the tools popover',
      );
      assert.equal(
        await d.run(
          `(document.querySelector('tools-menu').shadowRoot ?? document).querySelectorAll('.popover li a').length`,
        ),
        8,
      );
    },
  },
  {
    name: 'a code block copies its code',
    async run(d) {
      await d.goto('/guide/start/quick-start');
      await recordClipboard(d);
      await hoverOn(d, '.doc-content .code-block');
      await clickOn(d, '.doc-content .code-block .code-copy-btn');
      await waitUntil(
        d,
        `document.querySelector('.doc-content .code-block .code-copy-btn').getAttribute('aria-label') === 'Copied'`,
        '"Copied"',
      );
      const code = await d.run<string>(`document.querySelector('.doc-content .code-block pre code').textContent`);
      assert.deepEqual(await copied(d), [code]);
    },
  },
  {
    name: "Copy Markdown copies the page's Markdown on the first click",
    async run(d) {
      await d.goto('/guide/start/quick-start');
      await recordClipboard(d);
      // A click as the page paints it (the built button, whether or not the widget has loaded yet): a refused
      // write would end in the prompt, which the driver reports as an open dialog.
      await clickOn(d, 'copy-markdown >>> button.copy-button');
      await waitUntil(
        d,
        find('copy-markdown >>> .copy-markdown[data-state="success"]'),
        'Copy Markdown to say it copied',
      );
      const markdown = await d.run<string>(
        `fetch(${find('copy-markdown >>> a.copy-link')}.href).then((response) => response.text())`,
      );
      assert.match(markdown, /^# /m);
      assert.deepEqual(await copied(d), [markdown]);
    },
  },
  {
    name: 'an image zooms on click',
    async run(d) {
      await d.goto('/guide/start/');
      // Offline, the page's image from another origin cannot load: give it one that can.
      await d.run(`(() => {
        const img = document.querySelector('img[data-zoomable]');
        img.loading = 'eager';
        img.src = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="#888"/></svg>');
        return img.decode().then(() => true);
      })()`);
      // Zoom attaches once its module has loaded (100 ms after the page shows, widgets/content/image-zoom.ts).
      await waitUntil(
        d,
        `document.querySelector('img[data-zoomable]').classList.contains('medium-zoom-image')`,
        'zoom to attach',
      );
      await clickOn(d, 'img[data-zoomable]');
      await waitUntil(
        d,
        `document.querySelector('.medium-zoom-overlay') && getComputedStyle(document.querySelector('.medium-zoom-overlay')).position === 'fixed'`,
        'the zoom overlay',
      );
    },
  },
  {
    name: 'on /zh/ a Chinese query finds its page',
    async run(d) {
      await d.goto('/zh/');
      await search(d, '推进假定时器', '/zh/api/rstest/fakeTimers');
    },
  },
  {
    name: 'a /zh/ path that does not exist gets the 404 page in Chinese, navbar included',
    async run(d) {
      await d.goto('/zh/guide/no-such-page');
      assert.equal(await d.run(`document.documentElement.lang`), 'zh');
      assert.equal(await d.run(`document.querySelector('.not-found-code').textContent`), '404');
      assert.equal(
        await d.run(`document.querySelector('header.navbar .nav-items a.nav-link').textContent.trim()`),
        '指南',
      );
      assert.equal(await d.run(`document.querySelector('[data-home-link]').getAttribute('href')`), '/zh/');
    },
  },
];
