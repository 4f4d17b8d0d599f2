// <tools-menu>: hover delays (fake timers), click / Enter, Escape, focus leaving, the 8 entries in the
// page's language, a custom JSON list and a bad one, logos that fail to load.
import { sendMouse } from '@web/test-runner-commands';
import { deepEqual, equal, includes, ok } from '../../test/support/assert.ts';
import { captureConsole, cleanup, inShadow, mount, shadowAll, upgraded, waitFor } from '../../test/support/dom.ts';
import { installFakeTimers, settle, type FakeClock } from '../../test/support/fake-timers.ts';
import './element.ts';
import { LANDING_TOOLS, MENU_TOOLS } from '../../common/tools.ts';
import { CLOSE_DELAY_MS, OPEN_DELAY_MS } from './ToolsMenu.tsx';

async function menu(attrs = ''): Promise<HTMLElement> {
  const box = mount(
    `<tools-menu ${attrs}><a class="tools-button" href="https://github.com/web-infra-dev">tools</a></tools-menu>`,
  );
  const el = await upgraded(box.querySelector<HTMLElement>('tools-menu')!);
  // The menu checks once, OPEN_DELAY_MS after it mounts, whether a mouse rests on it (on the real clock: the tests
  // install fake timers after mounting). A timer of the same delay set after it fires after it: once that check has
  // run, with the mouse away, it cannot open the menu in the middle of a test.
  await new Promise((resolve) => setTimeout(resolve, OPEN_DELAY_MS));
  return el;
}

const button = (el: HTMLElement) => inShadow<HTMLButtonElement>(el, '.tools-button')!;
const popover = (el: HTMLElement) => inShadow(el, '.popover')!;
/** Moves the real mouse pointer (page coordinates). */
async function moveTo(el: Element | null): Promise<void> {
  if (!el) return sendMouse({ type: 'move', position: [600, 500] });
  const box = el.getBoundingClientRect();
  return sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

describe('<tools-menu>', () => {
  let clock: FakeClock | undefined;
  afterEach(async () => {
    clock?.uninstall();
    clock = undefined;
    cleanup();
    // The mouse leaves: the next test's menu mounts where this one was, and a mouse resting there opens it.
    await moveTo(null);
  });

  it('lists 7 landing cards and 8 popover entries from one typed list', () => {
    deepEqual(
      LANDING_TOOLS.map((t) => t.name),
      ['Rspack', 'Rsbuild', 'Rslib', 'Rspress', 'Rsdoctor', 'Rstest', 'Rslint'],
    );
    deepEqual(
      MENU_TOOLS.map((t) => t.name),
      ['Rspack', 'Rsbuild', 'Rspress', 'Rslib', 'Rsdoctor', 'Rstest', 'Rslint', 'Awesome Rstack'],
    );
    for (const tool of [...LANDING_TOOLS, ...MENU_TOOLS])
      ok(tool.desc && tool.descEn && tool.logo && tool.url && tool.urlText, tool.name);
  });

  it('opens 0.1 s after the mouse arrives and closes 0.1 s after it leaves', async () => {
    const el = await menu();
    clock = installFakeTimers();
    await moveTo(button(el));
    await clock.tick(OPEN_DELAY_MS - 1);
    ok(popover(el).hidden, 'not yet open');
    await clock.tick(1);
    ok(!popover(el).hidden, 'open after 100 ms');
    equal(button(el).getAttribute('aria-expanded'), 'true');
    await moveTo(null);
    await clock.tick(CLOSE_DELAY_MS - 1);
    ok(!popover(el).hidden, 'still open');
    await moveTo(button(el));
    await clock.tick(CLOSE_DELAY_MS);
    ok(!popover(el).hidden, 'coming back cancels the close');
    await moveTo(null);
    await clock.tick(CLOSE_DELAY_MS);
    ok(popover(el).hidden, 'closed 100 ms after leaving');
  });

  it('opens for a mouse that was already resting on it when the widget arrived', async () => {
    // On the site the widget loads because the pointer rests on the element: it arrives under a pointer that no
    // longer moves. WebKit sends the new markup no pointerenter until it does (`npm run test:webkit -- menu`
    // showed it); Chromium sends one after the next frames. Either way the reader sees the menu open.
    const box = mount(`<div class="spot"></div>`).querySelector<HTMLElement>('.spot')!;
    box.style.cssText = 'width:36px;height:36px';
    await moveTo(box);
    clock = installFakeTimers();
    box.innerHTML = `<tools-menu><a class="tools-button" href="https://github.com/web-infra-dev">tools</a></tools-menu>`;
    const el = box.querySelector<HTMLElement>('tools-menu')!;
    await clock.tick(0);
    await settle(3);
    // The pointer rests: frames go by (the browser updates what is under it), but it sends no pointer event.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    ok(el.hasAttribute('data-upgraded'), 'upgraded');
    ok(popover(el).hidden, 'not at once');
    await clock.tick(OPEN_DELAY_MS);
    ok(!popover(el).hidden, 'open 100 ms after it arrived under the pointer');
    await moveTo(null);
    await clock.tick(CLOSE_DELAY_MS);
    ok(popover(el).hidden, 'closes when the pointer leaves');
  });

  it('stays open on a click that comes after the hover opened it; the next click closes it', async () => {
    const el = await menu();
    clock = installFakeTimers();
    await moveTo(button(el));
    await clock.tick(OPEN_DELAY_MS);
    ok(!popover(el).hidden, 'open by hover');
    button(el).click();
    await settle();
    ok(!popover(el).hidden, 'still open after the click');
    button(el).click();
    await settle();
    ok(popover(el).hidden, 'closed by the next click');
  });

  it('toggles on click (Enter activates the button) and closes on Escape, focus back on the button', async () => {
    const el = await menu();
    const events: boolean[] = [];
    el.addEventListener('menu-toggle', (e) => events.push((e as CustomEvent<{ open: boolean }>).detail.open));
    button(el).click();
    await settle();
    ok(!popover(el).hidden);
    shadowAll(el, 'li a')[0].focus();
    inShadow(el, '.tools-menu')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    ok(popover(el).hidden);
    equal(el.shadowRoot!.activeElement, button(el));
    deepEqual(events, [true, false]);
  });

  it('closes when focus moves out of it', async () => {
    const el = await menu();
    const outside = mount('<button>outside</button>').querySelector('button')!;
    button(el).click();
    await settle();
    button(el).focus();
    outside.focus();
    await settle();
    ok(popover(el).hidden);
  });

  it('shows the header link and the 8 entries in English, opening in new tabs', async () => {
    const el = await menu('lang="en"');
    const header = inShadow<HTMLAnchorElement>(el, '.popover-title')!;
    equal(header.href, 'https://github.com/web-infra-dev');
    includes(header.textContent ?? '', 'Rstack');
    const links = shadowAll<HTMLAnchorElement>(el, 'li a');
    equal(links.length, 8);
    equal(links[0].querySelector('.tool-name')!.textContent, 'Rspack');
    equal(links[0].querySelector('.tool-desc')!.textContent, 'Bundler');
    ok(links.every((a) => a.target === '_blank' && a.rel.includes('noopener')));
    equal(button(el).getAttribute('aria-label'), 'Rstack tools');
  });

  it('speaks Chinese with lang="zh", and takes the language from the path without it', async () => {
    const zh = await menu('lang="zh"');
    equal(shadowAll(zh, '.tool-desc')[0].textContent, MENU_TOOLS[0].desc);
    const fromPath = await menu();
    // The test page's path has no "zh": English.
    equal(shadowAll(fromPath, '.tool-desc')[0].textContent, MENU_TOOLS[0].descEn);
  });

  it('takes its entries from a JSON attribute, and reports a bad one', async () => {
    const items = JSON.stringify([{ name: 'Mine', descEn: 'My tool', logo: '/logo.svg', url: 'https://example.com/' }]);
    const custom = await menu(`lang="en" items='${items}'`);
    deepEqual(
      shadowAll(custom, '.tool-name').map((n) => n.textContent),
      ['Mine'],
    );
    const { errors } = await captureConsole(async () => {
      const bad = await menu(`items='[{"name":"No logo"}]'`);
      equal(shadowAll(bad, 'li').length, 8, 'default list');
    });
    includes(errors[0], '<tools-menu>: attribute "items" has the wrong shape: item 0 needs a string "logo"');
  });

  it('keeps every logo box when the images fail to load', async () => {
    const items = JSON.stringify([
      { name: 'Broken', descEn: 'x', logo: 'data:image/png;base64,AAAA', url: 'https://example.com/' },
    ]);
    const el = await menu(`items='${items}'`);
    button(el).click();
    await settle();
    const img = inShadow<HTMLImageElement>(el, 'li img')!;
    await waitFor(() => img.complete, 'image settled');
    equal(img.naturalWidth, 0, 'the image failed');
    const box = img.getBoundingClientRect();
    deepEqual([box.width, box.height], [32, 32]);
    await waitFor(() => img.style.visibility === 'hidden', 'no broken-image glyph');
  });

  it('is the same size as its fallback (no layout shift)', async () => {
    const style = document.createElement('style');
    style.textContent =
      'tools-menu { display: inline-flex } .tools-button { display: inline-flex; width: 36px; height: 36px }';
    document.head.append(style);
    const box = mount(`<tools-menu><a class="tools-button" href="#">t</a></tools-menu>`);
    const el = box.querySelector<HTMLElement>('tools-menu')!;
    const before = el.getBoundingClientRect();
    await upgraded(el);
    const after = el.getBoundingClientRect();
    deepEqual([after.width, after.height], [before.width, before.height]);
    style.remove();
  });
});
