// <pm-tabs>: ARIA tabs over the radio fallback, remembered choice per group (restored before paint), groups
// switching together, arrow keys, cross-tab sync, storage that throws, bad labels JSON.
import { deepEqual, equal, includes, ok } from '../../test/support/assert.ts';
import { captureConsole, cleanup, mount, shadowAll, stub, upgraded, waitFor } from '../../test/support/dom.ts';
import { settle } from '../../test/support/fake-timers.ts';
import baseCss from '../../styles/base.css?inline';
import contentCss from '../../styles/content.css?inline';
import widgetsCss from '../../styles/widgets.css?inline';
import { restoreChoices } from './choice.ts';
import './element.ts';

// The page's own styles: the radio fallback shows one block, and the strip has its real size.
const pageStyles = document.createElement('style');
pageStyles.textContent = baseCss + contentCss + widgetsCss;
document.head.append(pageStyles);

const PMS = ['npm', 'yarn', 'pnpm', 'bun'];
const KEY = 'rstest.tabs.pm';
let uid = 0;

/** The markup lib/markdown/code.ts renders for a `pm` fence. */
function markup(group = 'pm', attrs = ''): string {
  const name = `tabs-${uid++}`;
  const inputs = PMS.map(
    (pm, i) =>
      `<input type="radio" name="${name}" id="${name}-${i}" value="${i}"${i === 0 ? ' checked' : ''}><label for="${name}-${i}">${pm}</label>`,
  ).join('');
  const blocks = PMS.map(
    (pm) =>
      `<div class="code-block"><div class="code-body"><pre class="shiki"><code>${pm} add @rstest/core -D</code></pre></div></div>`,
  ).join('');
  return `<pm-tabs group="${group}" ${attrs}><div class="code-group pm-group"><div class="tabs">${inputs}</div><div class="blocks">${blocks}</div></div></pm-tabs>`;
}

const tabs = (el: Element) => shadowAll<HTMLButtonElement>(el, '[role="tab"]');
const checked = (el: Element) =>
  [...el.querySelectorAll<HTMLInputElement>('input[type="radio"]')].findIndex((r) => r.checked);
const selected = (el: Element) => tabs(el).findIndex((t) => t.getAttribute('aria-selected') === 'true');

async function tabsElement(group = 'pm', attrs = ''): Promise<HTMLElement> {
  const box = mount(markup(group, attrs));
  return upgraded(box.querySelector<HTMLElement>('pm-tabs')!);
}

describe('<pm-tabs>', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.dataset.site = JSON.stringify({ tabsStorageKey: 'rstest.tabs' });
  });
  afterEach(cleanup);

  it('renders an ARIA tab list with the four package managers', async () => {
    const el = await tabsElement();
    deepEqual(
      tabs(el).map((t) => t.textContent),
      PMS,
    );
    equal(shadowAll(el, '[role="tablist"]').length, 1);
    const panel = shadowAll(el, '[role="tabpanel"]')[0];
    equal(panel.getAttribute('aria-labelledby'), tabs(el)[0].id);
    equal(tabs(el)[0].getAttribute('aria-controls'), panel.id);
    deepEqual(
      tabs(el).map((t) => t.tabIndex),
      [0, -1, -1, -1],
    );
  });

  it('shows the chosen block, remembers it under "<framework>.tabs.<group>" and emits tab-change', async () => {
    const el = await tabsElement();
    const events: unknown[] = [];
    el.addEventListener('tab-change', (e) => events.push((e as CustomEvent).detail));
    tabs(el)[2].click();
    await settle();
    equal(checked(el), 2);
    equal(selected(el), 2);
    equal(localStorage.getItem(KEY), '2');
    const visible = [...el.querySelectorAll<HTMLElement>('.code-block')].filter(
      (b) => b.getBoundingClientRect().height > 0,
    );
    equal(visible.length, 1);
    includes(visible[0].textContent ?? '', 'pnpm add');
    deepEqual(events, [{ group: 'pm', index: 2, label: 'pnpm' }]);
  });

  it('moves with the arrow keys, Home and End (wrapping)', async () => {
    const el = await tabsElement();
    const list = shadowAll(el, '[role="tablist"]')[0];
    const press = (key: string) => list.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    tabs(el)[0].focus();
    press('ArrowRight');
    await settle();
    equal(selected(el), 1);
    equal(el.shadowRoot!.activeElement, tabs(el)[1]);
    press('ArrowLeft');
    press('ArrowLeft');
    await settle();
    equal(selected(el), 3, 'wraps to the last');
    press('Home');
    await settle();
    equal(selected(el), 0);
    press('End');
    await settle();
    equal(selected(el), 3);
    equal(checked(el), 3);
  });

  it('switches every <pm-tabs> of the same group on the page, and no other group', async () => {
    const a = await tabsElement();
    const b = await tabsElement();
    const other = await tabsElement('other');
    tabs(a)[1].click();
    await waitFor(() => selected(b) === 1, 'second group member follows');
    equal(checked(b), 1);
    equal(selected(other), 0);
  });

  it('restores the remembered choice when it upgrades', async () => {
    localStorage.setItem(KEY, '3');
    const el = await tabsElement();
    equal(selected(el), 3);
    equal(checked(el), 3);
  });

  it('restores the choice on the radio strip and on the built tab strip before the element has upgraded', () => {
    localStorage.setItem(KEY, '1');
    const box = document.createElement('div');
    // With a built shadow root, as a declarative one would be (the widget's render comes later, in a task of its own).
    box.innerHTML = markup();
    const host = box.querySelector('pm-tabs')!;
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<div role="tablist"><button role="tab" id="tab-0" aria-selected="true" tabindex="0">npm</button><button role="tab" id="tab-1" aria-selected="false" tabindex="-1">yarn</button></div><div role="tabpanel" id="panel" aria-labelledby="tab-0"><slot></slot></div>';
    document.body.append(box);
    try {
      restoreChoices('rstest.tabs');
      equal(checked(host), 1);
      const tabs = [...host.shadowRoot!.querySelectorAll('[role="tab"]')];
      deepEqual(
        tabs.map((t) => [t.getAttribute('aria-selected'), t.getAttribute('tabindex')]),
        [
          ['false', '-1'],
          ['true', '0'],
        ],
      );
      equal(host.shadowRoot!.getElementById('panel')!.getAttribute('aria-labelledby'), 'tab-1');
    } finally {
      box.remove();
    }
  });

  it('follows a choice made in another tab', async () => {
    const el = await tabsElement();
    localStorage.setItem(KEY, '2');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '2' }));
    await waitFor(() => selected(el) === 2, 'follows the other tab');
  });

  it('still switches when localStorage throws', async () => {
    const restores = [
      stub(Storage.prototype, 'getItem', () => {
        throw new DOMException('denied', 'SecurityError');
      }),
      stub(Storage.prototype, 'setItem', () => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ];
    try {
      const el = await tabsElement();
      tabs(el)[3].click();
      await settle();
      equal(checked(el), 3);
    } finally {
      for (const restore of restores) restore();
    }
  });

  it('takes labels from JSON and reports bad JSON, keeping the fallback labels', async () => {
    const custom = await tabsElement('pm', `labels='["A","B","C","D"]'`);
    deepEqual(
      tabs(custom).map((t) => t.textContent),
      ['A', 'B', 'C', 'D'],
    );
    const { errors } = await captureConsole(async () => {
      const el = await tabsElement('pm', `labels='[1,2'`);
      deepEqual(
        tabs(el).map((t) => t.textContent),
        PMS,
      );
    });
    includes(errors[0], '<pm-tabs>: attribute "labels" is not valid JSON');
  });

  it('keeps the tab strip height of the fallback (no layout shift)', async () => {
    const box = mount(markup());
    const el = box.querySelector<HTMLElement>('pm-tabs')!;
    const before = el.getBoundingClientRect().height;
    await upgraded(el);
    ok(
      Math.abs(el.getBoundingClientRect().height - before) < 0.5,
      `height ${before} → ${el.getBoundingClientRect().height}`,
    );
  });
});
