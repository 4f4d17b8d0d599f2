// Loads a custom element's module when the reader reaches for the element: a pointer resting on it, focus in
// it, a press. A reader who never uses a widget never downloads React. Until then the element's built UI (its
// declarative shadow root, or a light-DOM fallback) is the element, and a click that comes first is answered at
// once where the page can (the theme button); otherwise it is held, the element is marked `data-pending` (the
// page shows a busy cursor, painted in the click's own frame) and the click goes to the same control of the
// widget once it has rendered. Loading never stands in a press's way: a press that comes before the
// pointer has rested puts the load after the click has painted (evaluating React is a long task). Focus in
// the fallback moves into the widget when it replaces it, and so does a press the replacement interrupts.

import { CONTROLS, controlsOf } from '../platform/controls.ts';
import { whenIdle } from './throttle.ts';

/** Tag → the module that registers it. */
export type ElementLoaders = Record<string, () => Promise<unknown>>;

export interface IntentOptions {
  /** Elements whose fallback answers a click by itself: the click is let through (the element still loads). */
  answersItself: Set<string>;
  /** A held click on this element, in the click's task: returns true when the element acts by itself on
   *  mount instead of having its control clicked later (<doc-search> opens, see doc-search/shortcut.ts;
   *  <copy-markdown> has started the copy, which must begin inside the click). `control` is the pressed one
   *  of the element's built UI (its declarative shadow root), if any. */
  onHeldClick?: Record<string, (host: HTMLElement, control: HTMLElement | undefined) => boolean>;
}

export const PENDING = 'data-pending';
export const UPGRADED = 'data-upgraded';
/** Longest a held click waits for its widget; after that the busy cursor goes (the module or render failed). */
const GIVE_UP_MS = 10_000;
/** A pointer or focus resting this long is intent; a press sooner is handled first (a tap, a quick click). */
export const DWELL_MS = 50;

/** How long a press the page answers by itself has before its widget loads (the theme reveal lasts 400 ms). */
const ANSWERED_MS = 500;

/** After the next frame has been produced: what a click changed is on screen. */
const afterPaint = (callback: () => void) => requestAnimationFrame(() => setTimeout(callback, 0));

/** Resolves when the element's widget has rendered (define.ts marks it), or after `GIVE_UP_MS` with false. */
function upgraded(host: Element): Promise<boolean> {
  if (host.hasAttribute(UPGRADED)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!host.hasAttribute(UPGRADED)) return;
      finish(true);
    });
    const timer = setTimeout(() => finish(false), GIVE_UP_MS);
    const finish = (done: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(done);
    };
    observer.observe(host, { attributes: true, attributeFilter: [UPGRADED] });
  });
}

/** The widget's own control: the first button or field of its shadow root. */
const controlOf = (host: Element) => controlsOf(host.shadowRoot)[0] ?? null;

/** The control of the element's built UI (declarative shadow root) that the event came from, as its place among them. */
function pressedIndex(event: Event, host: Element): number {
  const inner = event.composedPath()[0];
  const control = inner instanceof Element ? inner.closest(CONTROLS) : null;
  return control ? controlsOf(host.shadowRoot).indexOf(control as HTMLElement) : -1;
}

/** Focus is in the light-DOM fallback (focus inside the shadow root shows as the host itself). */
function focusInFallback(host: Element): boolean {
  const active = document.activeElement;
  return !!active && active !== host && host.contains(active);
}

export function loadOnIntent(loaders: ElementLoaders, options: IntentOptions): { load(tag: string): Promise<unknown> } {
  const selector = Object.keys(loaders).join(',');
  const loading = new Map<string, Promise<unknown>>();
  /** Modules that failed to load: their fallbacks take clicks again (the next intent retries the load). */
  const failed = new Set<string>();

  const load = (tag: string): Promise<unknown> => {
    let promise = loading.get(tag);
    if (!promise) {
      promise = customElements.get(tag) ? Promise.resolve() : loaders[tag]();
      promise
        .then(() => failed.delete(tag))
        .catch((error: unknown) => {
          loading.delete(tag);
          failed.add(tag);
          console.error(
            `<${tag}>: could not load its script (${error instanceof Error ? error.message : String(error)}); the fallback stays.`,
          );
        });
      loading.set(tag, promise);
    }
    return promise;
  };

  const hostOf = (event: Event): HTMLElement | null => {
    const target = event.target instanceof Element ? event.target : null;
    const host = target?.closest<HTMLElement>(selector);
    return host && !host.hasAttribute(UPGRADED) ? host : null;
  };

  /** Once the widget has rendered: focus that was in the fallback (now unslotted) goes to the widget. */
  const keepFocus = (host: HTMLElement) =>
    void upgraded(host).then(() => {
      if (focusInFallback(host)) controlOf(host)?.focus();
    });

  const dwelling = new Map<Element, ReturnType<typeof setTimeout>>();
  const loadNow = (host: Element) => {
    clearTimeout(dwelling.get(host));
    dwelling.delete(host);
    load(host.localName).catch(() => {});
  };

  /** Elements pressed before their dwell was over: they load after their click (a press without one: next intent). */
  const pressed = new WeakSet<Element>();

  const onIntent = (event: Event) => {
    const host = hostOf(event);
    if (!host || dwelling.has(host) || pressed.has(host) || loading.has(host.localName)) return;
    dwelling.set(
      host,
      setTimeout(() => loadNow(host), DWELL_MS),
    );
    if (event.type === 'focusin') keepFocus(host);
  };

  /**
   * A press that began on a control of the built UI, by host (the control's place among them). If the widget
   * replaces that UI before the press ends, the pressed node is gone and no engine clicks the new one (WebKitGTK:
   * pointerdown, the upgrade 17 ms later, pointerup, no click): the press then goes to the same control of the
   * widget, unless a click reached it.
   */
  const pressing = new Map<HTMLElement, number>();
  const onPressEnd = (event: Event) => {
    const presses = [...pressing];
    pressing.clear();
    if (event.type !== 'pointerup') return;
    for (const [host, index] of presses) {
      if (!host.hasAttribute(UPGRADED) || !event.composedPath().includes(host)) continue;
      const control = controlsOf(host.shadowRoot)[index];
      if (!control) continue;
      let clicked = false;
      const seen = (click: Event) => {
        clicked ||= click.composedPath().includes(control);
      };
      document.addEventListener('click', seen, { capture: true });
      setTimeout(() => {
        document.removeEventListener('click', seen, { capture: true });
        if (!clicked) control.click();
      }, 0);
    }
  };

  const onPress = (event: Event) => {
    const host = hostOf(event);
    if (!host) return;
    const index = event.type === 'pointerdown' ? pressedIndex(event, host) : -1;
    if (index >= 0) pressing.set(host, index);
    if (loading.has(host.localName)) return;
    clearTimeout(dwelling.get(host));
    dwelling.delete(host);
    pressed.add(host);
  };

  const onClick = (event: MouseEvent) => {
    const host = hostOf(event);
    if (!host || event.defaultPrevented || host.hasAttribute(PENDING)) {
      if (host?.hasAttribute(PENDING)) event.preventDefault();
      return;
    }
    const tag = host.localName;
    pressed.delete(host);
    if (options.answersItself.has(tag)) {
      // The page's own answer runs first (the theme's reveal is a view transition: two frames, then 400 ms of
      // animation); evaluating the widget's module inside it would delay its new frame.
      setTimeout(() => whenIdle(() => loadNow(host)), ANSWERED_MS);
      return;
    }
    if (failed.has(tag)) {
      afterPaint(() => loadNow(host));
      return;
    }
    // A press in the built UI goes to the same control of the widget; one beside its controls, to none. A press
    // in the light-DOM fallback goes to the widget's first control.
    const index = pressedIndex(event, host);
    const inShadow = event.composedPath()[0] !== event.target;
    if (inShadow && index < 0) {
      afterPaint(() => loadNow(host));
      return;
    }
    event.preventDefault();
    host.setAttribute(PENDING, '');
    const onMount = options.onHeldClick?.[tag]?.(host, controlsOf(host.shadowRoot)[index]) ?? false;
    new Promise<void>((resolve) => afterPaint(resolve))
      .then(() => {
        loadNow(host);
        return load(tag);
      })
      .then(() => upgraded(host))
      .then(
        (done) => {
          host.removeAttribute(PENDING);
          if (!done) return;
          const control = controlsOf(host.shadowRoot)[Math.max(0, index)] ?? null;
          if (!onMount) control?.click();
          if (focusInFallback(host)) control?.focus();
        },
        () => host.removeAttribute(PENDING),
      );
  };

  for (const type of ['pointerover', 'focusin'])
    document.addEventListener(type, onIntent, { passive: true, capture: true });
  for (const type of ['pointerdown', 'touchstart'])
    document.addEventListener(type, onPress, { passive: true, capture: true });
  for (const type of ['pointerup', 'pointercancel'])
    document.addEventListener(type, onPressEnd, { passive: true, capture: true });
  // Capture: the fallback link must not navigate before the widget has had the click.
  document.addEventListener('click', onClick, { capture: true });
  return { load };
}
