// Page behaviours: code copy (text only, 2 s feedback, prompt fallback), code wrap, scroll-to-top, image zoom.
import { deepEqual, equal, match, ok } from '../../test/support/assert.ts';
import { cleanup, mount, stub, waitFor } from '../../test/support/dom.ts';
import { installFakeTimers, settle, type FakeClock } from '../../test/support/fake-timers.ts';
import { COPIED_MS, installCodeActions } from './code-actions.ts';
import { attachImageZoom, imageZoom, ZOOM_DELAY_MS } from './image-zoom.ts';
import { installScrollTop, SCROLL_TOP_AFTER } from './scroll-top.ts';
import baseCss from '../../styles/base.css?inline';
import widgetsCss from '../../styles/widgets.css?inline';
import { installTooltips, TOOLTIP_CLOSE_MS, TOOLTIP_OPEN_MS, TOOLTIP_TAG, tooltipText } from './tooltip.ts';

/** The markup lib/markdown/code.ts renders (line numbers are CSS counters, not text). */
const BLOCK = `<div class="code-block line-numbers" data-lang="ts"><div class="code-body"><pre class="shiki"><code><span class="line"><span>const a = 1;</span></span>
<span class="line"><span class="line-number" aria-hidden="true">2</span><span>console.log(a);</span></span></code></pre><div class="code-actions"><button type="button" class="code-wrap-btn" aria-label="Toggle code wrap" aria-pressed="false"></button><button type="button" class="code-copy-btn" title="Copy code" aria-label="Copy code"></button></div></div></div>`;

describe('code blocks', () => {
  let clock: FakeClock | undefined;
  const restores: (() => void)[] = [];
  before(() => installCodeActions());
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    for (const restore of restores.splice(0)) restore();
    cleanup();
  });

  it('copies the code text without line numbers and shows "Copied" for 2 s', async () => {
    const copied: string[] = [];
    restores.push(stub(navigator.clipboard, 'writeText', (text: string) => (copied.push(text), Promise.resolve())));
    const box = mount(BLOCK);
    const button = box.querySelector<HTMLButtonElement>('.code-copy-btn')!;
    clock = installFakeTimers();
    button.click();
    await settle();
    deepEqual(copied, ['const a = 1;\nconsole.log(a);']);
    ok(button.classList.contains('copied'));
    equal(button.getAttribute('aria-label'), 'Copied');
    await clock.tick(COPIED_MS - 1);
    ok(button.classList.contains('copied'), 'still showing just before 2 s');
    await clock.tick(1);
    ok(!button.classList.contains('copied'));
    equal(button.getAttribute('aria-label'), 'Copy code');
  });

  it('falls back to the "Copy to clipboard" prompt when the clipboard fails, and then does not say "Copied"', async () => {
    restores.push(
      stub(navigator.clipboard, 'writeText', () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
    );
    const prompts: string[][] = [];
    restores.push(
      stub(window, 'prompt', (message?: string, value?: string) => (prompts.push([message ?? '', value ?? '']), null)),
    );
    const box = mount(BLOCK);
    const button = box.querySelector<HTMLButtonElement>('.code-copy-btn')!;
    const results: string[] = [];
    button.addEventListener('code-copy', (e) => results.push((e as CustomEvent<{ result: string }>).detail.result));
    button.click();
    await waitFor(() => prompts.length, 'prompt');
    match(prompts[0][0], /^Copy to clipboard: (Ctrl|Cmd)\+C, Enter$/);
    equal(prompts[0][1], 'const a = 1;\nconsole.log(a);');
    await waitFor(() => results.length, 'code-copy event');
    deepEqual(results, ['prompted']);
    ok(!button.classList.contains('copied'), 'the prompt was dismissed: nothing claims it was copied');
    equal(button.getAttribute('aria-label'), 'Copy code');
  });

  it('speaks the page language in its feedback', async () => {
    restores.push(stub(navigator.clipboard, 'writeText', () => Promise.resolve()));
    const box = mount(`<div lang="zh">${BLOCK}</div>`);
    const button = box.querySelector<HTMLButtonElement>('.code-copy-btn')!;
    button.click();
    await settle();
    equal(button.getAttribute('aria-label'), '已复制');
  });

  it('toggles wrapping', () => {
    const box = mount(BLOCK);
    const block = box.querySelector('.code-block')!;
    const wrap = box.querySelector<HTMLButtonElement>('.code-wrap-btn')!;
    ok(!block.classList.contains('wrap'), 'off by default');
    wrap.click();
    ok(block.classList.contains('wrap'));
    equal(wrap.getAttribute('aria-pressed'), 'true');
    wrap.click();
    ok(!block.classList.contains('wrap'));
    equal(wrap.getAttribute('aria-pressed'), 'false');
  });
});

describe('scroll to top', () => {
  afterEach(() => {
    window.scrollTo(0, 0);
    cleanup();
  });

  it('appears once the page is scrolled, and takes the reader back up', async () => {
    const box = mount(
      `<main id="main" tabindex="-1" style="height: 5000px">content</main><a class="scroll-top" href="#main">Back to top</a>`,
    );
    installScrollTop();
    const button = box.querySelector<HTMLAnchorElement>('.scroll-top')!;
    await settle();
    ok(!button.classList.contains('visible'), 'hidden at the top');
    ok(button.inert, 'out of the tab order while hidden');
    window.scrollTo(0, SCROLL_TOP_AFTER + 50);
    await waitFor(() => button.classList.contains('visible'), 'visible after scrolling');
    ok(!button.inert);
    button.click();
    await waitFor(() => window.scrollY === 0, 'back at the top', 5000);
    equal(document.activeElement?.id, 'main');
  });
});

describe('image zoom', () => {
  let clock: FakeClock | undefined;
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    imageZoom()?.close();
    cleanup();
  });

  // (A failing `data-zoom-src` is medium-zoom's own path: it warns and zooms the normal image.)
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('attaches 100 ms after the page shows, zooms on click and closes on resize', async () => {
    const box = mount(`<img data-zoomable src="${PNG}" alt="A diagram" width="200" height="100">`);
    const img = box.querySelector('img')!;
    clock = installFakeTimers();
    attachImageZoom();
    await clock.tick(ZOOM_DELAY_MS - 1);
    ok(!img.classList.contains('medium-zoom-image'), 'not yet');
    await clock.tick(1);
    ok(img.classList.contains('medium-zoom-image'));
    clock.uninstall();
    clock = undefined;
    img.click();
    await waitFor(() => document.querySelector('.medium-zoom-overlay'), 'overlay');
    window.dispatchEvent(new Event('resize'));
    await waitFor(() => !document.querySelector('.medium-zoom--opened'), 'closed on resize');
  });
});

describe('code button tooltips', () => {
  let clock: FakeClock | undefined;
  const style = document.createElement('style');
  before(() => {
    style.textContent = baseCss + widgetsCss;
    document.head.append(style);
    installTooltips();
  });
  after(() => style.remove());
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    cleanup();
  });

  const tooltip = () => document.querySelector<HTMLElement>(TOOLTIP_TAG);
  const over = (el: Element) => el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  const out = (el: Element) =>
    el.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: document.body }));

  it('shows the button name 0.1 s after hover, to the right, within spec sizes, and hides 0.1 s after leaving', async () => {
    const box = mount(`<div style="width: 300px">${BLOCK}</div>`);
    const button = box.querySelector<HTMLElement>('.code-copy-btn')!;
    clock = installFakeTimers();
    over(button);
    await clock.tick(TOOLTIP_OPEN_MS - 1);
    ok(!tooltip() || tooltip()!.hidden, 'not yet');
    await clock.tick(1);
    const tip = tooltip()!;
    ok(!tip.hidden);
    equal(tooltipText(tip).textContent, 'Copy code');
    equal(tip.textContent, '', 'the text is in its shadow root, not in the page');
    ok(tip.matches(':popover-open'), 'in the top layer');
    equal(tip.dataset.placement, 'right');
    ok(tip.getBoundingClientRect().left >= button.getBoundingClientRect().right, 'right of the button');
    equal(getComputedStyle(tip).maxWidth, '250px');
    equal(button.getAttribute('title'), null, 'no second, native tooltip');
    out(button);
    await clock.tick(TOOLTIP_CLOSE_MS - 1);
    ok(!tip.hidden, 'still shown');
    await clock.tick(1);
    ok(tip.hidden);
  });

  it('goes left when there is no room on the right', async () => {
    const box = mount(BLOCK);
    const button = box.querySelector<HTMLElement>('.code-copy-btn')!;
    button.style.cssText = 'position: fixed; right: 0; top: 100px';
    clock = installFakeTimers();
    over(button);
    await clock.tick(TOOLTIP_OPEN_MS);
    equal(tooltip()!.dataset.placement, 'left');
    ok(tooltip()!.getBoundingClientRect().right <= button.getBoundingClientRect().left);
    out(button);
    await clock.tick(TOOLTIP_CLOSE_MS);
  });
});
