// <theme-toggle>: stored preference, toggling, auto following the system, cross-tab sync, storage that
// throws, dark mode disabled, the reveal animation and the pre-upgrade click; embedded (no site data), the
// widgets' own theme with the host page left alone, unless page-theme asks for the page.
import { emulateMedia } from '@web/test-runner-commands';
import { deepEqual, equal, ok } from '../../test/support/assert.ts';
import { cleanup, inShadow, mount, stub, upgraded, waitFor } from '../../test/support/dom.ts';
import { settle } from '../../test/support/fake-timers.ts';
import './element.ts';
import '../copy-markdown/element.ts';
import '../pm-tabs/element.ts';
import { installEarlyTheme } from './early.ts';
import { toPreference } from './theme.ts';

const KEY = 'test-theme';
const root = document.documentElement;

function setSite(extra: object = {}): void {
  root.dataset.site = JSON.stringify({ storageKey: KEY, darkMode: true, ...extra });
}

async function toggle(attrs = ''): Promise<HTMLElement> {
  const box = mount(
    `<theme-toggle label="Switch theme" ${attrs}><button class="theme-button">fallback</button></theme-toggle>`,
  );
  return upgraded(box.querySelector<HTMLElement>('theme-toggle')!);
}

const button = (el: HTMLElement) => inShadow<HTMLButtonElement>(el, 'button')!;

describe('<theme-toggle>', () => {
  beforeEach(async () => {
    localStorage.clear();
    setSite();
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });
  afterEach(() => {
    cleanup();
    root.classList.remove('dark');
  });

  it('counts any value other than light or dark as auto', () => {
    equal(toPreference('dark'), 'dark');
    equal(toPreference('light'), 'light');
    equal(toPreference('sepia'), 'auto');
    equal(toPreference(null), 'auto');
  });

  it('applies the stored theme and names its button', async () => {
    localStorage.setItem(KEY, 'dark');
    const el = await toggle();
    ok(root.classList.contains('dark'));
    equal(root.style.colorScheme, 'dark');
    equal(button(el).getAttribute('aria-label'), 'Switch theme');
  });

  it('switches dark and light, stores the choice and emits theme-change', async () => {
    const el = await toggle();
    const events: unknown[] = [];
    el.addEventListener('theme-change', (e) => events.push((e as CustomEvent).detail));
    button(el).click();
    await settle();
    ok(root.classList.contains('dark'), 'dark after the first click');
    equal(localStorage.getItem(KEY), 'dark');
    button(el).click();
    await settle();
    ok(!root.classList.contains('dark'), 'light after the second click');
    // Light equals the system's choice: stored as auto, so the page follows the system again.
    equal(localStorage.getItem(KEY), 'auto');
    deepEqual(events, [
      { theme: 'dark', preference: 'dark' },
      { theme: 'light', preference: 'auto' },
    ]);
  });

  it('follows the system colour scheme live while on auto', async () => {
    localStorage.setItem(KEY, 'whatever');
    await toggle();
    ok(!root.classList.contains('dark'));
    await emulateMedia({ colorScheme: 'dark' });
    await waitFor(() => root.classList.contains('dark'), 'dark from the system');
    await emulateMedia({ colorScheme: 'light' });
    await waitFor(() => !root.classList.contains('dark'), 'light from the system');
  });

  it('keeps an explicit choice when the system changes', async () => {
    localStorage.setItem(KEY, 'light');
    await toggle();
    await emulateMedia({ colorScheme: 'dark' });
    await settle(5);
    ok(!root.classList.contains('dark'));
  });

  it('follows a choice made in another tab', async () => {
    await toggle();
    localStorage.setItem(KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'dark' }));
    await waitFor(() => root.classList.contains('dark'), 'dark from the other tab');
  });

  it('still toggles when localStorage throws', async () => {
    const restoreGet = stub(Storage.prototype, 'getItem', () => {
      throw new DOMException('denied', 'SecurityError');
    });
    const restoreSet = stub(Storage.prototype, 'setItem', () => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      const el = await toggle();
      button(el).click();
      await settle();
      ok(root.classList.contains('dark'));
    } finally {
      restoreGet();
      restoreSet();
    }
  });

  it('renders nothing and stays light when dark mode is disabled', async () => {
    setSite({ darkMode: false });
    localStorage.setItem(KEY, 'dark');
    const el = await toggle();
    equal(inShadow(el, 'button'), null);
    ok(!root.classList.contains('dark'));
  });

  it('reveals the new theme with a view transition unless reduced motion is requested', async () => {
    const calls: string[] = [];
    const restore = stub(document, 'startViewTransition', ((update: () => void) => {
      calls.push('transition');
      update();
      return {
        ready: Promise.resolve(),
        finished: Promise.resolve(),
        updateCallbackDone: Promise.resolve(),
        skipTransition() {},
      };
    }) as unknown as Document['startViewTransition']);
    try {
      const el = await toggle('animate="true"');
      button(el).click();
      await settle();
      equal(calls.length, 1, 'animated');
      await emulateMedia({ reducedMotion: 'reduce' });
      button(el).click();
      await settle();
      equal(calls.length, 1, 'no animation with reduced motion');
      ok(!root.classList.contains('dark'), 'theme still switched');
      const plain = await toggle('animate="false"');
      await emulateMedia({ reducedMotion: 'no-preference' });
      button(plain).click();
      await settle();
      equal(calls.length, 1, 'no animation when not asked for');
    } finally {
      restore();
    }
  });

  it('switches the theme from the server-rendered button before the widget has upgraded', async () => {
    installEarlyTheme();
    const box = mount(`<theme-toggle><button class="theme-button">fallback</button></theme-toggle>`);
    const el = box.querySelector<HTMLElement>('theme-toggle')!;
    ok(!el.hasAttribute('data-upgraded'), 'React has not committed yet');
    el.querySelector('button')!.click();
    ok(root.classList.contains('dark'));
    equal(localStorage.getItem(KEY), 'dark');
    await upgraded(el);
    equal(button(el).dataset.theme, 'dark', 'the widget agrees');
    ok(root.classList.contains('dark'));
  });

  describe('embedded on another site (no site data)', () => {
    const look = () => [root.className, root.getAttribute('style'), getComputedStyle(root).colorScheme].join('|');
    beforeEach(() => {
      delete root.dataset.site;
    });
    afterEach(() => {
      root.removeAttribute('style');
      root.removeAttribute('data-theme');
    });

    it('switches the widgets, never the host page, and emits theme-change', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const before = look();
      const box = mount(
        `<theme-toggle storage-key="${KEY}"><button>fallback</button></theme-toggle><copy-markdown href="/a.md"></copy-markdown>`,
      );
      const el = await upgraded(box.querySelector<HTMLElement>('theme-toggle')!);
      const other = await upgraded(box.querySelector<HTMLElement>('copy-markdown')!);
      equal(other.dataset.theme, 'dark', 'the system prefers dark');
      equal(look(), before, `mounting changed nothing of the page: ${look()} vs ${before}`);
      const events: unknown[] = [];
      el.addEventListener('theme-change', (e) => events.push((e as CustomEvent).detail));
      button(el).click();
      await waitFor(() => other.dataset.theme === 'light', 'the widgets light');
      equal(el.dataset.theme, 'light');
      equal(look(), before, 'toggling changed nothing of the page');
      equal(localStorage.getItem(KEY), 'light');
      deepEqual(events, [{ theme: 'light', preference: 'light' }]);
    });

    it('on auto, follows the host page’s <html> (class or data-theme) before the system', async () => {
      const box = mount(`<theme-toggle storage-key="${KEY}"></theme-toggle><pm-tabs></pm-tabs>`);
      const el = await upgraded(box.querySelector<HTMLElement>('theme-toggle')!);
      const tabs = box.querySelector<HTMLElement>('pm-tabs')!;
      await waitFor(() => tabs.dataset.theme === 'light', 'light like the page');
      root.classList.add('dark');
      await waitFor(() => tabs.dataset.theme === 'dark' && button(el).dataset.theme === 'dark', 'dark with html.dark');
      root.classList.remove('dark');
      root.setAttribute('data-theme', 'dark');
      await waitFor(() => tabs.dataset.theme === 'dark', 'dark with data-theme');
      // Toggling to light against a dark host is an explicit choice; back to dark is "auto" again.
      button(el).click();
      await waitFor(() => tabs.dataset.theme === 'light', 'light by choice');
      equal(root.getAttribute('data-theme'), 'dark', 'the page keeps its own');
      button(el).click();
      await waitFor(() => tabs.dataset.theme === 'dark', 'back to the page’s');
      equal(localStorage.getItem(KEY), 'auto');
    });

    it('a widget’s theme attribute wins over everything', async () => {
      root.classList.add('dark');
      const box = mount(`<copy-markdown href="/a.md" theme="light"></copy-markdown>`);
      const el = await upgraded(box.querySelector<HTMLElement>('copy-markdown')!);
      equal(el.dataset.theme, 'light');
      equal(getComputedStyle(inShadow(el, '.copy-markdown')!).backgroundColor, 'rgb(255, 255, 255)');
      el.setAttribute('theme', 'dark');
      await waitFor(() => el.dataset.theme === 'dark', 'dark by attribute');
      equal(
        getComputedStyle(inShadow(el, '.copy-markdown')!).backgroundColor,
        'rgb(27, 27, 31)',
        'the dark palette without any --docs-* variable',
      );
    });

    it('with page-theme, switches the page as on the docs site', async () => {
      const el = await toggle('page-theme');
      button(el).click();
      await settle();
      ok(root.classList.contains('dark'));
      equal(root.style.colorScheme, 'dark');
    });
  });
});
