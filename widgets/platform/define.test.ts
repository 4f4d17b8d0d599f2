// The widget platform: typed attributes, fallback until render, render errors, events, double registration.
import { createElement } from 'react';
import { deepEqual, equal, includes, ok } from '../../test/support/assert.ts';
import { captureConsole, cleanup, inShadow, mount, upgraded, waitFor } from '../../test/support/dom.ts';
import { settle } from '../../test/support/fake-timers.ts';
import { attr } from '../../common/attributes.ts';
import { defineWidget, type WidgetProps } from './define.ts';

const probeAttributes = {
  label: attr.string,
  active: attr.boolean,
  items: attr.json((value) => {
    if (!Array.isArray(value)) throw new Error('expected an array');
    return value as string[];
  }),
};

function Probe({ label, active, items, widget }: WidgetProps<typeof probeAttributes>) {
  return createElement(
    'button',
    { type: 'button', 'data-active': String(active), onClick: () => widget.emit('probe-click', { label }) },
    `${label ?? 'none'}:${(items ?? ['default']).join('+')}`,
  );
}

function Broken(): never {
  throw new Error('boom');
}

defineWidget({
  tag: 'x-probe',
  attributes: probeAttributes,
  component: Probe,
  styles: 'button { color: rgb(1, 2, 3); }',
});
defineWidget({ tag: 'x-broken', attributes: {}, component: Broken });

describe('widget platform', () => {
  afterEach(cleanup);

  it('passes typed attributes and applies its shadow styles', async () => {
    const box = mount(`<x-probe label="Hi" active items='["a","b"]'></x-probe>`);
    const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
    const button = inShadow(el, 'button')!;
    equal(button.textContent, 'Hi:a+b');
    equal(button.dataset.active, 'true', 'a bare boolean attribute is true');
    equal(getComputedStyle(button).color, 'rgb(1, 2, 3)');
  });

  it('keeps the light-DOM fallback visible until the widget has rendered, then shows only the widget', async () => {
    const box = mount(`<x-probe label="A"><a href="#x" class="fallback">fallback</a></x-probe>`);
    const el = box.querySelector<HTMLElement>('x-probe')!;
    const fallback = el.querySelector('.fallback')!;
    // Same task as the upgrade: the fallback is still slotted and has a box.
    ok(fallback.getBoundingClientRect().width > 0, 'fallback shows before the first render');
    await upgraded(el);
    equal(fallback.getBoundingClientRect().width, 0, 'fallback no longer rendered');
    ok(el.querySelector('.fallback'), 'fallback stays in the light DOM');
  });

  it('reports a bad JSON attribute naming the element and attribute, and renders with the default', async () => {
    const { errors } = await captureConsole(async () => {
      const box = mount(`<x-probe label="L" items='["a",'></x-probe>`);
      const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
      equal(inShadow(el, 'button')!.textContent, 'L:default');
    });
    equal(errors.length, 1);
    includes(errors[0], '<x-probe>: attribute "items" is not valid JSON');
  });

  it('reports JSON of the wrong shape and an invalid boolean', async () => {
    const { errors } = await captureConsole(async () => {
      const box = mount(`<x-probe items='{"a":1}' active="maybe"></x-probe>`);
      const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
      equal(inShadow(el, 'button')!.dataset.active, 'undefined');
    });
    includes(errors.join('\n'), '<x-probe>: attribute "items" has the wrong shape: expected an array');
    includes(errors.join('\n'), '<x-probe>: attribute "active" must be "true" or "false"');
  });

  it('follows attribute changes, including removal back to the default', async () => {
    const box = mount(`<x-probe label="One" active="false"></x-probe>`);
    const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
    el.setAttribute('label', 'Two');
    el.setAttribute('active', 'true');
    await waitFor(() => inShadow(el, 'button')!.textContent === 'Two:default', 'new label');
    equal(inShadow(el, 'button')!.dataset.active, 'true');
    el.removeAttribute('label');
    await waitFor(() => inShadow(el, 'button')!.textContent === 'none:default', 'label reset');
  });

  it('dispatches bubbling, composed CustomEvents', async () => {
    const box = mount(`<x-probe label="E"></x-probe>`);
    const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
    const seen: unknown[] = [];
    box.addEventListener('probe-click', (event) => seen.push((event as CustomEvent).detail));
    inShadow(el, 'button')!.click();
    deepEqual(seen, [{ label: 'E' }]);
  });

  it('keeps the fallback and logs when the component throws', async () => {
    const { errors } = await captureConsole(async () => {
      const box = mount(`<x-broken><span class="fallback">still here</span></x-broken>`);
      await settle(5);
      const span = box.querySelector<HTMLElement>('.fallback')!;
      ok(span.getBoundingClientRect().width > 0, 'fallback still rendered');
      ok(!box.querySelector('x-broken')!.hasAttribute('data-upgraded'));
    });
    ok(
      errors.some((e) => e.includes('<x-broken>: could not render (boom)')),
      errors.join('\n'),
    );
  });

  it('registers safely twice', () => {
    defineWidget({ tag: 'x-probe', attributes: probeAttributes, component: Probe });
    ok(customElements.get('x-probe'));
  });

  it('shows the fallback again while a moved element remounts', async () => {
    const box = mount(`<x-probe label="M"><i class="fallback">f</i></x-probe>`);
    const el = await upgraded(box.querySelector<HTMLElement>('x-probe')!);
    const other = mount('');
    other.append(el);
    await upgraded(el);
    equal(inShadow(el, 'button')!.textContent, 'M:default');
    equal(el.shadowRoot!.querySelectorAll('slot[data-fallback]').length, 0);
  });
});
