// The client router: internal links change page without a full reload (fetch, swap, title, history),
// targets are preloaded on hover, focus or touch, a progress bar shows when loading takes over 200 ms,
// back/forward and reloads restore the scroll position (and the content's open <details> and chosen code-group
// tabs), and anything unexpected falls back to a full page load.
import { BEFORE_PAGE_CHANGE, NAVIGATE, PAGE_CHANGE, STALE_PAGES, type NavigateDetail } from './events.ts';
import { loadedPage, loadPage, pageKey, type LoadedPage } from './page-loader.ts';
import { canSwap, preparePage, swapPage, type PreparedPage } from './page-swap.ts';
import { startProgress, stopProgress } from './progress.ts';
import { readSiteData } from './site-data.ts';
import { prefersReducedMotion, throttle, whenIdle } from './throttle.ts';

const HASH_SCROLL_DELAY_MS = 100;
const HOVER_INTENT_MS = 50;
/**
 * How often the scroll position is written to history.state while the reader scrolls: a reload keeps
 * history.state (Chromium does not run pagehide's write before a reload), and browsers limit how often
 * replaceState may be called (Safari: 100 times in 10 s).
 */
const SCROLL_SAVE_MS = 300;

interface EntryState {
  /** Names the history entry, for the scroll positions below. */
  key?: string;
  /** The entry's scroll position, kept in history too so a reload or a later visit restores it. */
  scrollY?: number;
  /** Which of the content's <details> are open (their places among them), restored with the scroll position. */
  open?: number[];
  /** The tab chosen in each of the content's code groups (-1: none), restored with it too. */
  tabs?: number[];
}

/** The page content's <details> (`:::details` blocks, raw HTML), in document order. */
const contentDetails = () => [...document.querySelectorAll<HTMLDetailsElement>('.doc-content details')];
/** Its code groups' tab strips (radio buttons); package-manager tabs are remembered site-wide (pm-tabs/choice.ts). */
const tabStrips = () => [...document.querySelectorAll('.doc-content .code-group:not(.pm-group) > .tabs')];
const radios = (strip: Element) => [...strip.querySelectorAll<HTMLInputElement>('input[type="radio"]')];

const base = readSiteData().base;
/** The page on screen (URL without hash): a popstate to the same key is an in-page hash move. */
let current = pageKey(new URL(window.location.href));
let latest = 0;
/**
 * Scroll position per history entry, updated on every scroll. A popstate arrives after the entry has
 * changed (and after the browser's own scroll for a hash link), so positions must be known beforehand.
 */
const positions = new Map<string, number>();
let entry = '';

function entryState(): EntryState {
  const state: unknown = history.state;
  return state && typeof state === 'object' ? (state as EntryState) : {};
}

const newKey = () => Math.random().toString(36).slice(2);

/** The current entry's key, giving it one if it has none (entries made by hash links start without). */
function claimEntry(): string {
  const state = entryState();
  if (state.key) return state.key;
  const key = newKey();
  history.replaceState({ ...state, key }, '');
  return key;
}

function saveScroll(): void {
  positions.set(entry, window.scrollY);
  history.replaceState({ ...entryState(), key: entry, scrollY: window.scrollY }, '');
}

/** The scroll position in history.state, as the reader scrolls: a reload or a later visit restores it. */
const keepScroll = throttle(() => {
  // Only while the entry's page is on screen (a back/forward page change may be under way).
  if (pageKey(new URL(window.location.href)) !== current || entryState().scrollY === window.scrollY) return;
  history.replaceState({ ...entryState(), key: entry, scrollY: window.scrollY }, '');
}, SCROLL_SAVE_MS);

/**
 * A <details> of the content opened or closed, a code group's tab chosen: the entry keeps what is open and chosen,
 * for a reload (an author's edit under `npm start`) or a return to it.
 */
function keepContentState(event: Event): void {
  if (!(event.target instanceof Element) || !event.target.closest('.doc-content')) return;
  const open = contentDetails().flatMap((details, i) => (details.open ? [i] : []));
  const tabs = tabStrips().map((strip) => radios(strip).findIndex((input) => input.checked));
  history.replaceState({ ...entryState(), key: entry, open, tabs }, '');
}

/** Opens and chooses again what was open and chosen when the entry was left (before its scroll is restored). */
function restoreContentState({ open, tabs }: EntryState): void {
  const details = contentDetails();
  for (const i of open ?? []) if (details[i]) details[i].open = true;
  tabStrips().forEach((strip, i) => {
    const input = radios(strip)[tabs?.[i] ?? -1];
    if (input) input.checked = true;
  });
}

function savedScroll(): number | undefined {
  return positions.get(entry) ?? entryState().scrollY;
}

/** Same origin, inside the base path, and a page rather than a file (`.md`, `.txt`, images…). */
function isInternalPage(url: URL): boolean {
  if (url.origin !== window.location.origin || !url.pathname.startsWith(base)) return false;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last) || /\.html?$/i.test(last);
}

function anchorOf(event: Event): HTMLAnchorElement | undefined {
  // composedPath: links inside widgets' open shadow roots (search results) count too.
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement) return node;
    if (node === document.body) break;
  }
  return undefined;
}

/** The URL the router may take over for this link, if any: `target`, `download` and `rel=external` stay native. */
function routableUrl(a: HTMLAnchorElement): URL | undefined {
  const href = a.getAttribute('href');
  if (!href || href.startsWith('#') || a.hasAttribute('download')) return undefined;
  if ((a.target && a.target !== '_self') || /(?:^|\s)external(?:\s|$)/.test(a.rel)) return undefined;
  const url = new URL(a.href, window.location.href);
  return isInternalPage(url) ? url : undefined;
}

/** The element a URL's hash names (`#%E7%AE%80` names id `简`), if the page has it. */
export function hashTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw text up.
  }
  return id ? document.getElementById(id) : null;
}

export function scrollToHash(hash: string): void {
  hashTarget(hash)?.scrollIntoView();
}

/**
 * A new page starts at the top, done before the swap: the old page is laid out, so this needs no layout, and
 * the new one is laid out once, in the frame that shows it. A restored position (back/forward) must wait for
 * the new page (`placeScroll`).
 */
function scrollBeforeSwap(scrollY: number | undefined): void {
  if (scrollY === undefined) window.scrollTo({ top: 0, behavior: 'instant' });
}

function placeScroll(url: URL, scrollY: number | undefined): void {
  if (scrollY !== undefined) {
    window.scrollTo({ top: scrollY, behavior: 'instant' });
    return;
  }
  // The anchor waits a moment so late layout (fonts, widgets upgrading) does not push it away.
  if (url.hash) setTimeout(() => scrollToHash(url.hash), HASH_SCROLL_DELAY_MS);
}

/**
 * Screen readers start reading the new content; a widget that took focus (the overview filter) keeps it. Run
 * once the new page is painted: focusing lays the page out, which inside the swap would cost the first frame
 * of the new page noticeably.
 */
function focusContent(): void {
  const main = document.getElementById('main');
  if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
}

/**
 * With themeConfig.enableContentAnimation, a view transition (where the browser has them, and not under
 * reduced motion or in a hidden tab) whose update runs once the old page is captured, in the coming frame; the
 * content column cross-fades (styles/runtime.css). Otherwise undefined, and the caller swaps at once: within
 * one task the browser never paints a half-swapped page, so there is no flash to hide, while a transition's
 * captures would hold the new page back by one to two frames (bench:navigation measures both paths).
 */
function beginTransition(update: () => void): ViewTransition | undefined {
  if (!readSiteData().enableContentAnimation) return undefined;
  if (!document.startViewTransition || prefersReducedMotion() || document.visibilityState !== 'visible')
    return undefined;
  const transition = document.startViewTransition(update);
  transition.ready.catch(() => {});
  transition.finished.catch(() => {});
  return transition;
}

function fullLoad(url: URL, mode: 'push' | 'pop'): void {
  if (mode === 'pop') window.location.reload();
  else window.location.assign(url.href);
}

/** Changes page in place; falls back to a full load for unknown routes, failed fetches and new deploys. */
export async function navigate(target: URL, mode: 'push' | 'pop' = 'push', scrollY?: number): Promise<void> {
  const id = ++latest;
  // A preloaded page changes within this task; otherwise the progress bar covers the wait.
  let page: LoadedPage | null | undefined = loadedPage(target);
  if (!page) {
    startProgress();
    page = await loadPage(target);
    if (id !== latest) return;
    stopProgress();
  }
  if (!page) {
    fullLoad(target, mode);
    return;
  }
  const url = new URL(page.url);
  // The answer came from elsewhere (the server redirected the fetch to another origin): the browser goes there
  // itself, as for any link, rather than the router putting another origin's URL in this page's history.
  if (url.origin !== window.location.origin) {
    fullLoad(target, mode);
    return;
  }
  url.hash = target.hash;
  let next: PreparedPage | undefined;
  const update = () => {
    // A later navigation has begun meanwhile (a view transition waits a frame): it puts its own page in.
    if (id !== latest || !next) return;
    try {
      document.dispatchEvent(new CustomEvent(BEFORE_PAGE_CHANGE));
      scrollBeforeSwap(scrollY);
      swapPage(next);
      // Listeners only write (states, classes) or wait for the next frame to read: nothing here forces a layout,
      // so the new page is laid out once, in the frame that shows it.
      document.dispatchEvent(new CustomEvent(PAGE_CHANGE));
      if (mode === 'pop') restoreContentState(entryState());
      placeScroll(url, scrollY);
      requestAnimationFrame(() => setTimeout(focusContent));
    } catch (error) {
      console.error('[docs] the page could not be swapped in place; reloading it', error);
      window.location.reload();
    }
  };
  // The transition starts before the parse: the browser captures the old page while the new one is parsed.
  const transition = beginTransition(update);
  next = takePrepared(target) ?? prepare(page);
  if (!next) {
    transition?.skipTransition();
    fullLoad(target, mode);
    return;
  }
  if (mode === 'push') {
    saveScroll();
    entry = newKey();
    history.pushState({ key: entry }, '', url.href);
  }
  current = pageKey(url);
  if (transition) await transition.updateCallbackDone.catch(() => {});
  else update();
}

/**
 * Parses a page with its declarative shadow roots attached (the widgets' built UI, common/views/shadow-root.tsx):
 * DOMParser leaves them as inert templates, and an element not yet upgraded would then show nothing.
 */
function parseHtml(html: string): Document {
  const parse = (Document as unknown as { parseHTMLUnsafe?: (html: string) => Document }).parseHTMLUnsafe;
  if (parse) return parse.call(Document, html);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const template of parsed.querySelectorAll<HTMLTemplateElement>('template[shadowrootmode]')) {
    const host = template.parentElement;
    if (host && !host.shadowRoot) host.attachShadow({ mode: 'open' }).append(template.content);
    template.remove();
  }
  return parsed;
}

/** The page parsed and taken into this document, or undefined when it cannot be swapped in (a new deploy…). */
function prepare(page: LoadedPage): PreparedPage | undefined {
  const parsed = parseHtml(page.html);
  return canSwap(parsed) ? preparePage(parsed) : undefined;
}

const MAX_PREPARED = 4;
/** Preloaded pages already prepared while the browser was idle, by page key; each serves one page change. */
const prepared = new Map<string, PreparedPage>();
document.addEventListener(STALE_PAGES, () => prepared.clear());

function takePrepared(url: URL): PreparedPage | undefined {
  const key = pageKey(url);
  const page = prepared.get(key);
  prepared.delete(key);
  return page;
}

/** After a preload, the parse too happens ahead of the click, in an idle moment (~2-4 ms less on the click). */
function prepareWhenIdle(url: URL): void {
  const key = pageKey(url);
  void loadPage(url).then((page) => {
    if (!page || prepared.has(key)) return;
    whenIdle(() => {
      if (prepared.has(key) || key === current) return;
      const ready = prepare(page);
      if (!ready) return;
      prepared.set(key, ready);
      if (prepared.size > MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
    });
  });
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const a = anchorOf(event);
  if (!a) return;
  const url = new URL(a.href, window.location.href);
  if (/^https?:$/.test(url.protocol) && url.origin !== window.location.origin && !a.target) {
    // External links open in a new tab; the browser does it once `target` is set.
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    return;
  }
  const routable = routableUrl(a);
  if (!routable) return;
  if (pageKey(routable) === current) {
    // Same page: a hash link scrolls natively (its entry gets the old position first); a plain link goes to the top.
    saveScroll();
    if (routable.hash) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'instant' });
    return;
  }
  event.preventDefault();
  void navigate(routable);
}

function preload(a: HTMLAnchorElement | undefined): void {
  const url = a && routableUrl(a);
  if (url && pageKey(url) !== current) prepareWhenIdle(url);
}

const onIntent = (event: Event) => preload(anchorOf(event));

/** A pointer resting on a link for a moment (not one sweeping across the sidebar) preloads it. */
let hover: ReturnType<typeof setTimeout> | undefined;
function onHover(event: MouseEvent): void {
  clearTimeout(hover);
  const a = anchorOf(event);
  if (a) hover = setTimeout(() => preload(a), HOVER_INTENT_MS);
}

function onPopState(): void {
  const url = new URL(window.location.href);
  const otherPage = pageKey(url) !== current;
  // Leaving a page: it is still on screen, so this is its position even if no scroll event has told us yet
  // (a hash move within the page has already scrolled, so it relies on the scroll events instead).
  if (otherPage) positions.set(entry, window.scrollY);
  entry = claimEntry();
  const scrollY = savedScroll();
  if (otherPage) {
    void navigate(url, 'pop', scrollY);
    return;
  }
  if (scrollY !== undefined) window.scrollTo({ top: scrollY, behavior: 'instant' });
  else if (url.hash) scrollToHash(url.hash);
}

function onNavigateRequest(event: Event): void {
  const { href } = (event as CustomEvent<NavigateDetail>).detail ?? {};
  if (typeof href !== 'string') return;
  const url = new URL(href, window.location.href);
  if (!isInternalPage(url)) return;
  event.preventDefault();
  if (pageKey(url) === current) {
    saveScroll();
    if (url.hash) window.location.hash = url.hash;
    else window.scrollTo({ top: 0, behavior: 'instant' });
  } else {
    void navigate(url);
  }
}

export function setupRouter(): void {
  // Scroll positions are ours to restore: the browser would restore them before the new content is in.
  history.scrollRestoration = 'manual';
  entry = claimEntry();
  const state = entryState();
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'reload' || navigation?.type === 'back_forward') {
    restoreContentState(state);
    if (state.scrollY !== undefined) window.scrollTo({ top: state.scrollY, behavior: 'instant' });
  }
  // Toggle events do not bubble: heard while they go down.
  document.addEventListener('toggle', keepContentState, { capture: true });
  document.addEventListener('change', keepContentState);
  document.addEventListener('click', onClick);
  document.addEventListener('mouseover', onHover, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener(NAVIGATE, onNavigateRequest);
  window.addEventListener('popstate', onPopState);
  window.addEventListener('hashchange', () => (entry = claimEntry()));
  window.addEventListener(
    'scroll',
    () => {
      positions.set(entry, window.scrollY);
      keepScroll();
    },
    { passive: true },
  );
  window.addEventListener('pagehide', saveScroll);
}
