// <copy-markdown>: states and their timing, caching, failures (fetch, clipboard), labels, the Open menu.
import { deepEqual, equal, includes, match, ok } from '../../test/support/assert.ts';
import {
  captureConsole,
  cleanup,
  inShadow,
  mount,
  shadowAll,
  stub,
  upgraded,
  waitFor,
} from '../../test/support/dom.ts';
import { installFakeTimers, settle, type FakeClock } from '../../test/support/fake-timers.ts';
import { ERROR_MS, SUCCESS_MS } from './CopyMarkdown.tsx';
import './element.ts';
import { clearMarkdownCache } from './markdown.ts';

const MD = '# Quick start\n\nHello.';

interface Deferred {
  resolve(response: Response): void;
  reject(error: Error): void;
}

const restores: (() => void)[] = [];
let fetches: string[] = [];
let pending: Deferred[] = [];
let copied: string[] = [];

function fakeFetch(mode: 'manual' | 'ok' | 'missing' | 'offline'): void {
  restores.push(
    stub(window, 'fetch', ((input: RequestInfo | URL) => {
      fetches.push(String(input));
      if (mode === 'ok') return Promise.resolve(new Response(MD, { status: 200 }));
      if (mode === 'missing') return Promise.resolve(new Response('nope', { status: 404 }));
      if (mode === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      return new Promise<Response>((resolve, reject) => pending.push({ resolve, reject }));
    }) as typeof window.fetch),
  );
}

/** Clipboard writes begun so far (write or writeText), counted the moment the call is made. */
let writesStarted = 0;

function fakeClipboard(works: boolean): void {
  const refused = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  restores.push(
    stub(navigator.clipboard, 'writeText', (text: string) => {
      writesStarted++;
      if (!works) return refused();
      copied.push(text);
      return Promise.resolve();
    }),
    // As the browser does: the write waits for the item's data, then stores it (or is refused).
    stub(navigator.clipboard, 'write', async (items: ClipboardItem[]) => {
      writesStarted++;
      const blob = await items[0].getType('text/plain');
      if (!works) return refused();
      copied.push(await blob.text());
    }),
  );
}

async function widget(attrs = 'href="/guide/start/quick-start.md"'): Promise<HTMLElement> {
  const box = mount(
    `<copy-markdown ${attrs}><a class="copy-markdown-fallback" href="/x.md">Markdown</a></copy-markdown>`,
  );
  return upgraded(box.querySelector<HTMLElement>('copy-markdown')!);
}

const copyButton = (el: HTMLElement) => inShadow<HTMLButtonElement>(el, '.copy-button')!;
const state = (el: HTMLElement) => inShadow(el, '.copy-markdown')!.dataset.state;

describe('<copy-markdown>', () => {
  let clock: FakeClock | undefined;
  beforeEach(() => {
    clearMarkdownCache();
    fetches = [];
    pending = [];
    copied = [];
    writesStarted = 0;
  });
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    for (const restore of restores.splice(0)) restore();
    cleanup();
  });

  it('renders nothing without a page path', async () => {
    const box = mount(`<copy-markdown></copy-markdown>`);
    const el = await upgraded(box.querySelector<HTMLElement>('copy-markdown')!);
    equal(el.shadowRoot!.querySelector('button'), null);
    equal(el.getBoundingClientRect().width, 0);
  });

  it('labels its controls in English and Chinese', async () => {
    const en = await widget();
    equal(copyButton(en).textContent, 'Copy Markdown');
    equal(inShadow(en, '.open-button')!.textContent, 'Open');
    const zh = await widget('href="/zh/a.md" lang="zh"');
    equal(copyButton(zh).textContent, '复制 Markdown');
    equal(inShadow(zh, '.open-button')!.textContent, '打开');
    const items = shadowAll(zh, '[role="menuitem"]').map((i) => i.textContent);
    deepEqual(items, ['复制 Markdown 链接', '在 ChatGPT 中打开', '在 Claude 中打开']);
  });

  it('goes idle → loading (disabled) → success for 500 ms → idle, and copies the Markdown', async () => {
    fakeFetch('manual');
    fakeClipboard(true);
    const el = await widget();
    clock = installFakeTimers();
    equal(state(el), 'idle');
    copyButton(el).click();
    await settle();
    equal(state(el), 'loading');
    ok(copyButton(el).disabled, 'disabled while loading');
    pending[0].resolve(new Response(MD));
    await waitFor(() => state(el) === 'success', 'success');
    deepEqual(copied, [MD]);
    equal(fetches[0], new URL('/guide/start/quick-start.md', location.href).href);
    await clock.tick(SUCCESS_MS - 1);
    equal(state(el), 'success', 'still success just before 500 ms');
    await clock.tick(1);
    equal(state(el), 'idle');
    ok(!copyButton(el).disabled);
  });

  it('starts the clipboard write inside the click, before the Markdown has arrived (WebKit allows no later write)', async () => {
    fakeFetch('manual');
    fakeClipboard(true);
    const el = await widget();
    copyButton(el).click();
    // Still the click's task: nothing has been awaited since the click.
    equal(fetches.length, 1, 'the fetch has started');
    equal(writesStarted, 1, 'and so has the clipboard write');
    pending[0].resolve(new Response(MD));
    await waitFor(() => state(el) === 'success', 'success');
    deepEqual(copied, [MD]);
    equal(writesStarted, 1, 'one write, no second attempt');
  });

  it('fetches a page once and copies from the cache afterwards', async () => {
    fakeFetch('ok');
    fakeClipboard(true);
    const el = await widget();
    copyButton(el).click();
    await waitFor(() => state(el) === 'success', 'first copy');
    await waitFor(() => state(el) === 'idle', 'idle again');
    copyButton(el).click();
    await waitFor(() => copied.length === 2, 'second copy');
    equal(fetches.length, 1);
  });

  it('shows an error state and logs when the Markdown cannot be fetched, then recovers', async () => {
    fakeFetch('missing');
    fakeClipboard(true);
    const el = await widget();
    clock = installFakeTimers();
    const errors: unknown[] = [];
    el.addEventListener('markdown-copy-error', (e) => errors.push((e as CustomEvent).detail));
    const logged = await captureConsole(async () => {
      copyButton(el).click();
      await waitFor(() => state(el) === 'error', 'error state');
    });
    includes(logged.errors.join('\n'), '<copy-markdown>: could not fetch');
    includes(logged.errors.join('\n'), 'HTTP 404');
    equal(errors.length, 1);
    equal(copied.length, 0);
    equal(inShadow(el, '[role="status"]')!.textContent, 'Could not copy the Markdown');
    await clock.tick(ERROR_MS);
    equal(state(el), 'idle');
  });

  it('survives a network failure without an uncaught error', async () => {
    fakeFetch('offline');
    const el = await widget();
    const logged = await captureConsole(async () => {
      copyButton(el).click();
      await waitFor(() => state(el) === 'error', 'error state');
    });
    includes(logged.errors[0], 'Failed to fetch');
  });

  it('falls back to a prompt when the clipboard is denied', async () => {
    fakeFetch('ok');
    fakeClipboard(false);
    const prompts: [string, string][] = [];
    restores.push(
      stub(window, 'prompt', (message?: string, value?: string) => (prompts.push([message ?? '', value ?? '']), null)),
    );
    const el = await widget();
    const events: unknown[] = [];
    el.addEventListener('markdown-copy', (e) => events.push((e as CustomEvent).detail));
    copyButton(el).click();
    await waitFor(() => prompts.length === 1, 'prompt');
    match(prompts[0][0], /^Copy to clipboard: (Ctrl|Cmd)\+C, Enter$/);
    equal(prompts[0][1], MD);
    await waitFor(() => events.length === 1, 'copy event');
    equal((events[0] as { result: string }).result, 'prompted');
    await settle();
    equal(state(el), 'idle', 'no success state after the prompt');
    equal(inShadow(el, '.status')!.textContent, '', 'and no "Copied"');
  });

  it('opens and closes the menu by click, outside press and Escape', async () => {
    const el = await widget();
    const open = inShadow<HTMLButtonElement>(el, '.open-button')!;
    const menu = inShadow(el, '[role="menu"]')!;
    equal(open.getAttribute('aria-haspopup'), 'menu');
    equal(open.querySelector('a'), null, 'no link inside the button');
    open.click();
    await settle();
    equal(open.getAttribute('aria-expanded'), 'true');
    ok(!menu.hidden);
    open.click();
    await settle();
    ok(menu.hidden, 'a second click closes');
    open.click();
    await settle();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await settle();
    ok(menu.hidden, 'a press outside closes');
    open.click();
    await settle();
    menu
      .querySelector<HTMLElement>('[role="menuitem"]')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await settle();
    ok(!menu.hidden, 'a press inside keeps it open');
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    ok(menu.hidden, 'Escape closes');
    equal(el.shadowRoot!.activeElement, open, 'focus back on the button');
  });

  it('is keyboard operable: arrows open the menu and move between items', async () => {
    const el = await widget();
    const open = inShadow<HTMLButtonElement>(el, '.open-button')!;
    open.focus();
    open.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await settle();
    const items = shadowAll(el, '[role="menuitem"]');
    equal(el.shadowRoot!.activeElement, items[0]);
    items[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    equal(el.shadowRoot!.activeElement, items[1]);
    items[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    equal(el.shadowRoot!.activeElement, items[2]);
    items[2].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    equal(el.shadowRoot!.activeElement, items[0], 'wraps around');
    items[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    equal(el.shadowRoot!.activeElement, items[2]);
  });

  it('links the AI services with the preset question about the page, without its query string and hash', async () => {
    const el = await widget();
    const [, chatgpt, claude] = shadowAll<HTMLAnchorElement>(el, '[role="menuitem"]');
    const page = location.origin + location.pathname;
    const question = `Read ${page}, I want to ask questions about it.`;
    const gpt = new URL(chatgpt.href);
    equal(gpt.origin, 'https://chatgpt.com');
    equal(gpt.searchParams.get('hints'), 'search');
    equal(gpt.searchParams.get('q'), question);
    const cl = new URL(claude.href);
    equal(cl.origin + cl.pathname, 'https://claude.ai/new');
    equal(cl.searchParams.get('q'), question);
    equal(chatgpt.target, '_blank');
  });

  it('copies the Markdown link from the menu', async () => {
    fakeClipboard(true);
    const el = await widget();
    inShadow<HTMLButtonElement>(el, '.open-button')!.click();
    await settle();
    shadowAll(el, '[role="menuitem"]')[0].click();
    await waitFor(() => copied.length === 1, 'link copied');
    equal(copied[0], new URL('/guide/start/quick-start.md', location.href).href);
    ok(inShadow(el, '[role="menu"]')!.hidden);
  });

  it('with a docs base (embedded), fetches the docs site’s Markdown and asks the AI services about the docs page', async () => {
    fakeFetch('ok');
    fakeClipboard(true);
    const el = await widget('href="/guide/start/index.md" docs-base="https://docs.example.test/docs/"');
    copyButton(el).click();
    await waitFor(() => state(el) === 'success', 'copied');
    deepEqual(fetches, ['https://docs.example.test/guide/start/index.md']);
    const chatgpt = decodeURIComponent(shadowAll<HTMLAnchorElement>(el, 'a[role="menuitem"]')[0].href);
    includes(chatgpt, 'Read https://docs.example.test/guide/start/, I want to ask questions about it.');
    const relative = await widget('href="guide/intro.md" docs-base="https://docs.example.test/docs/"');
    const claude = decodeURIComponent(shadowAll<HTMLAnchorElement>(relative, 'a[role="menuitem"]')[1].href);
    includes(claude, 'Read https://docs.example.test/docs/guide/intro, I want');
  });
});
