// The site's widget entry, loaded by the inline boot script once the page has painted (runtime/boot.ts): page-wide
// behaviours (code copy/wrap, scroll-to-top, image zoom, early theme switching), and the custom elements, each
// module loaded when the reader reaches for its element (runtime/intent.ts) or presses Ctrl+K: React is most of
// the JavaScript a page could load, and a reader who only reads never needs it. The server-rendered fallbacks
// are the elements until then.
// First: a first visit may leave for another language (kept out of the inline boot script, which holds only
// what must run before the first paint).
import './runtime/locale-redirect.ts';
import { installCodeActions } from './content/code-actions.ts';
import { installScrollTop, updateScrollTop } from './content/scroll-top.ts';
import { installTooltips } from './content/tooltip.ts';
import { everyPage } from './runtime/events.ts';
import { loadOnIntent, type ElementLoaders } from './runtime/intent.ts';
import './runtime/index.ts';
import { SEARCH_REQUESTED, isSearchShortcut } from './doc-search/shortcut.ts';
import { prefetchSearchWhenIdle } from './doc-search/prefetch.ts';
import { installEarlyTheme } from './theme-toggle/early.ts';
import { startEarlyCopy } from './copy-markdown/early.ts';
import { restoreChoices } from './pm-tabs/choice.ts';
import { readSiteData } from './runtime/site-data.ts';

/** Tag → its registration module. One line per element. */
const ELEMENTS: ElementLoaders = {
  'theme-toggle': () => import('./theme-toggle/element.ts'),
  'copy-markdown': () => import('./copy-markdown/element.ts'),
  'pm-tabs': () => import('./pm-tabs/element.ts'),
  'tools-menu': () => import('./tools-menu/element.ts'),
  'doc-search': () => import('./doc-search/element.ts'),
};

/** <doc-search> opens when it mounts (a click on its fallback or Ctrl+K came before it had loaded). */
const requestSearch = () => {
  document.documentElement.setAttribute(SEARCH_REQUESTED, '');
  return true;
};

const elements = loadOnIntent(ELEMENTS, {
  // The theme button switches by itself (theme-toggle/early.ts).
  answersItself: new Set(['theme-toggle']),
  onHeldClick: { 'doc-search': requestSearch, 'copy-markdown': startEarlyCopy },
});

function loadImageZoom(): void {
  if (!document.querySelector('img[data-zoomable]')) return;
  import('./content/image-zoom.ts')
    .then(({ attachImageZoom }) => attachImageZoom())
    .catch((error: unknown) =>
      console.warn(`image zoom: could not load (${error instanceof Error ? error.message : String(error)})`),
    );
}

function onPage(): void {
  // A page the router put in place: its tabs show the remembered choice in the frame that shows it.
  restoreChoices(readSiteData().tabsStorageKey);
  loadImageZoom();
  // Reading the scroll position forces a layout: leave it to the frame the browser lays out anyway (inside a
  // page change's view transition a synchronous read delayed the new page).
  requestAnimationFrame(updateScrollTop);
}

/** Ctrl/Cmd+K before <doc-search> has loaded: keep the browser's own shortcut away and open once it loads. */
function earlySearchShortcut(event: KeyboardEvent): void {
  if (!isSearchShortcut(event) || customElements.get('doc-search') || !document.querySelector('doc-search')) return;
  event.preventDefault();
  requestSearch();
  elements.load('doc-search').catch(() => {});
}

installCodeActions();
installTooltips();
installScrollTop();
installEarlyTheme();
everyPage(onPage);
document.addEventListener('keydown', earlySearchShortcut);
prefetchSearchWhenIdle();
