// Loads a custom element's module when the reader reaches for the element: a pointer resting on it, focus in
// it, a press. A reader who never uses a widget never downloads React. Until then the server-rendered fallback
// is the element, and a click that comes first is answered at once: by the fallback itself where it can (the
// theme button, the radio tabs), otherwise (a link standing in for a button or menu) it is held, the element
// is marked `data-pending` (the page shows a busy cursor, painted in the click's own frame) and the click goes
// to the widget once it has rendered. Loading never stands in a press's way: a press that comes before the
// pointer has rested puts the load after the click has painted (evaluating React is a long task). Focus in
// the fallback moves into the widget when it replaces it.

/** Tag → the module that registers it. */
export type ElementLoaders = Record<string, () => Promise<unknown>>;

export interface IntentOptions {
  /** Elements whose fallback answers a click by itself: the click is let through (the element still loads). */
  answersItself: Set<string>;
  /** A held click on this element, just before its module loads: instead of clicking the widget's button
   *  later, the element is told to act on mount (<doc-search> opens; see doc-search/shortcut.ts). */
  onHeldClick?: Record<string, () => void>;
}

export const PENDING = 'data-pending';
export const UPGRADED = 'data-upgraded';
/** Longest a held click waits for its widget; after that the busy cursor goes (the module or render failed). */
const GIVE_UP_MS = 10_000;
/** A pointer or focus resting this long is intent; a press sooner is handled first (a tap, a quick click). */
export const DWELL_MS = 50;

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
const controlOf = (host: Element) => host.shadowRoot?.querySelector<HTMLElement>('button, input, a[href]') ?? null;

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
      promise.then(() => failed.delete(tag)).catch((error: unknown) => {
        loading.delete(tag);
        failed.add(tag);
        console.error(`<${tag}>: could not load its script (${error instanceof Error ? error.message : String(error)}); the fallback stays.`);
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
    dwelling.set(host, setTimeout(() => loadNow(host), DWELL_MS));
    if (event.type === 'focusin') keepFocus(host);
  };

  const onPress = (event: Event) => {
    const host = hostOf(event);
    if (!host || loading.has(host.localName)) return;
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
    if (options.answersItself.has(tag) || failed.has(tag)) {
      afterPaint(() => loadNow(host));
      return;
    }
    event.preventDefault();
    host.setAttribute(PENDING, '');
    const onMount = options.onHeldClick?.[tag];
    onMount?.();
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
          const control = controlOf(host);
          if (!onMount) control?.click();
          if (focusInFallback(host)) control?.focus();
        },
        () => host.removeAttribute(PENDING),
      );
  };

  for (const type of ['pointerover', 'focusin']) document.addEventListener(type, onIntent, { passive: true, capture: true });
  for (const type of ['pointerdown', 'touchstart']) document.addEventListener(type, onPress, { passive: true, capture: true });
  // Capture: the fallback link must not navigate before the widget has had the click.
  document.addEventListener('click', onClick, { capture: true });
  return { load };
}
