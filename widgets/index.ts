// The site's widget entry: page-wide behaviours (code copy/wrap, scroll-to-top, image zoom, early theme
// switching), and the custom elements present on the page, each module loaded only when its tag is there.
// Elements load once the page has loaded and the browser is idle (React alone is ≈70 KB gzip; their
// server-rendered fallbacks work meanwhile), or at once when the reader reaches for one. Re-checked after
// every client-side page change.
// First: a first visit may leave for another language (kept out of the inline boot script, which holds only
// what must run before the first paint).
import './runtime/locale-redirect.ts';
import { hideBrokenLogos } from './content/broken-logos.ts';
import { installCodeActions } from './content/code-actions.ts';
import { installScrollTop, updateScrollTop } from './content/scroll-top.ts';
import { installTooltips } from './content/tooltip.ts';
import { everyPage } from './runtime/events.ts';
import { whenIdle } from './runtime/throttle.ts';
import './runtime/index.ts';
import { SEARCH_REQUESTED, isSearchShortcut } from './doc-search/shortcut.ts';
import { installEarlyTheme } from './theme-toggle/early.ts';

/** Tag → its registration module. One line per element. */
const ELEMENTS: Record<string, () => Promise<unknown>> = {
  'theme-toggle': () => import('./theme-toggle/element.ts'),
  'copy-markdown': () => import('./copy-markdown/element.ts'),
  'pm-tabs': () => import('./pm-tabs/element.ts'),
  'tools-menu': () => import('./tools-menu/element.ts'),
  'doc-search': () => import('./doc-search/element.ts'),
};

/** Longest wait for an idle moment after load before the elements load anyway. */
export const IDLE_TIMEOUT_MS = 2000;

const requested = new Set<string>();
let ready = false;

function loadElements(): void {
  if (!ready) return;
  for (const [tag, load] of Object.entries(ELEMENTS)) {
    if (requested.has(tag) || customElements.get(tag) || !document.querySelector(tag)) continue;
    requested.add(tag);
    load().catch((error: unknown) => {
      requested.delete(tag);
      console.error(`<${tag}>: could not load its script (${error instanceof Error ? error.message : String(error)}); the fallback stays.`);
    });
  }
}

function loadImageZoom(): void {
  if (!document.querySelector('img[data-zoomable]')) return;
  import('./content/image-zoom.ts')
    .then(({ attachImageZoom }) => attachImageZoom())
    .catch((error: unknown) => console.warn(`image zoom: could not load (${error instanceof Error ? error.message : String(error)})`));
}

function onPage(): void {
  hideBrokenLogos();
  loadElements();
  loadImageZoom();
  // Reading the scroll position forces a layout: leave it to the frame the browser lays out anyway (inside a
  // page change's view transition a synchronous read delayed the new page).
  requestAnimationFrame(updateScrollTop);
}

function start(): void {
  if (ready) return;
  ready = true;
  loadElements();
}

/** After the load event, in the first idle moment. */
function startWhenIdle(): void {
  const idle = () => whenIdle(start, IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** A pointer or focus reaching an element that has not upgraded yet: load now. */
function startOnIntent(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(Object.keys(ELEMENTS).join(','))) start();
}

/** Ctrl/Cmd+K before <doc-search> has loaded: keep the browser's own shortcut away and open once it loads. */
function earlySearchShortcut(event: KeyboardEvent): void {
  if (!isSearchShortcut(event) || customElements.get('doc-search') || !document.querySelector('doc-search')) return;
  event.preventDefault();
  document.documentElement.setAttribute(SEARCH_REQUESTED, '');
  start();
}

installCodeActions();
installTooltips();
installScrollTop();
installEarlyTheme();
everyPage(onPage);
startWhenIdle();
for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, startOnIntent, { passive: true });
document.addEventListener('keydown', earlySearchShortcut);
