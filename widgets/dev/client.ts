// The dev server's page script (`npm start` only; scripts/dev.ts adds it to every page it serves). It listens to
// the server's events: a new stylesheet is swapped in without a reload, a new widget script reloads the page, a
// content edit patches the page in place (scroll position, open details, tabs and widgets stay), and a build
// error shows as an overlay until it is fixed.
import { PAGE_CHANGE, STALE_PAGES } from '../runtime/events.ts';
import { hideOverlay, showOverlay } from './overlay.ts';
import { patchNode } from './patch.ts';
import { siteDataText } from '../runtime/site-data.ts';

interface DevProblem {
  file: string;
  line?: number;
  message: string;
  fix: string;
}
interface DevStyle {
  sheet: string;
  href: string;
}
interface DevState {
  problems: DevProblem[];
  error?: string;
  warnings: DevProblem[];
}

const hasPage = () => Boolean(document.getElementById('docs-page-data'));
const pageHref = () => {
  const data = document.getElementById('docs-page-data')?.textContent;
  return data ? (JSON.parse(data) as { routePath: string }).routePath : undefined;
};

/** The server's HTML the page on screen was made from (for the three-way patch), by page key. */
let served: { key: string; doc: Document } | undefined;
const keyOf = () => location.pathname + location.search;

async function fetchDocument(): Promise<Document | undefined> {
  const response = await fetch(keyOf(), { cache: 'no-store', headers: { accept: 'text/html' } });
  if (!response.ok && response.status !== 404) return undefined;
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

/** Remembers the server's HTML of the page now on screen (at start, and after each client-side page change). */
async function remember(): Promise<void> {
  const key = keyOf();
  const doc = await fetchDocument();
  if (doc && keyOf() === key) served = { key, doc };
}

let patching = Promise.resolve();

async function patchPage(): Promise<void> {
  const key = keyOf();
  const before = served?.key === key ? served.doc : undefined;
  const after = await fetchDocument();
  if (!after || keyOf() !== key) return;
  if (!before || !after.getElementById('docs-page-data')) {
    location.reload();
    return;
  }
  const scrollY = window.scrollY;
  if (document.title !== after.title) document.title = after.title;
  // <head>: meta tags only (the stylesheets and scripts are the asset events' business).
  const tags = 'meta[name="description"], link[rel="canonical"], link[rel="alternate"], meta[property^="og:"]';
  const headBefore = [...before.head.querySelectorAll(tags)].map((t) => t.outerHTML).join('');
  if (headBefore !== [...after.head.querySelectorAll(tags)].map((t) => t.outerHTML).join('')) {
    for (const tag of document.head.querySelectorAll(tags)) tag.remove();
    document.head.append(...[...after.head.querySelectorAll(tags)].map((t) => document.importNode(t, true)));
  }
  for (const name of ['lang', 'data-page-type']) {
    const value = after.documentElement.getAttribute(name);
    if (value !== before.documentElement.getAttribute(name)) {
      if (value === null) document.documentElement.removeAttribute(name);
      else document.documentElement.setAttribute(name, value);
    }
  }
  // The site data is in <head> (the boot script copied it onto <html> when the page loaded).
  const site = siteDataText(after);
  if (site !== siteDataText(before) && site !== null) document.documentElement.dataset.site = site;
  // The body's server-rendered children, in order (widgets may append their own after them).
  const live = [...document.body.children];
  const b = [...before.body.children];
  const a = [...after.body.children];
  if (
    b.length !== a.length ||
    b.some((el, i) => live[i]?.localName !== el.localName || a[i].localName !== el.localName)
  ) {
    location.reload();
    return;
  }
  let changed = false;
  a.forEach((next, i) => {
    if (b[i].isEqualNode(next)) return;
    changed = true;
    if (!patchNode(live[i], b[i], next)) live[i].replaceWith(document.importNode(next, true));
  });
  served = { key, doc: after };
  if (!changed) return;
  window.scrollTo({ top: scrollY, behavior: 'instant' });
  // Behaviours (outline, element loading, code actions) look at the new content.
  document.dispatchEvent(new CustomEvent(PAGE_CHANGE));
}

/**
 * New stylesheets after a CSS edit: each sheet the page links (`data-sheet`: every page's, the home page's) is
 * swapped for its new file, the old one removed once the new one applies (no flash of unstyled content).
 */
function swapStyles(css: DevStyle[]): void {
  const hrefOf = new Map(css.map((style) => [style.sheet, style.href]));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-sheet]')) {
    const href = hrefOf.get(link.dataset.sheet ?? '');
    if (!href || link.getAttribute('href') === href) continue;
    const next = link.cloneNode() as HTMLLinkElement;
    next.setAttribute('href', href);
    next.addEventListener('load', () => link.remove());
    link.after(next);
  }
  // The remembered server HTML now names the new sheets too.
  for (const link of served?.doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-sheet]') ?? []) {
    const href = hrefOf.get(link.dataset.sheet ?? '');
    if (href) link.setAttribute('href', href);
  }
}

let failed = false;
function onState(state: DevState): void {
  const broken = state.problems.length > 0 || Boolean(state.error);
  if (broken) {
    failed = true;
    showOverlay(state);
    return;
  }
  hideOverlay();
  // The error page (no site was built): the site is back, load the page itself.
  if (!hasPage()) location.reload();
  else if (failed) failed = false;
  for (const warning of state.warnings)
    console.warn(`[docs] ${warning.file}${warning.line ? `:${warning.line}` : ''}: ${warning.message}`);
}

function connect(): void {
  const events = new EventSource('/__docs/events');
  events.addEventListener('state', (e) =>
    onState((JSON.parse((e as MessageEvent<string>).data) as { state: DevState }).state),
  );
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('css', (e) =>
    swapStyles((JSON.parse((e as MessageEvent<string>).data) as { css: DevStyle[] }).css),
  );
  events.addEventListener('update', (e) => {
    const { hrefs } = JSON.parse((e as MessageEvent<string>).data) as { hrefs: string[] | '*' };
    // The client router's preloaded pages are out of date.
    document.dispatchEvent(new CustomEvent(STALE_PAGES));
    const href = pageHref();
    if (!href || (hrefs !== '*' && !hrefs.includes(href))) return;
    patching = patching.then(patchPage).catch((error: unknown) => {
      console.error('[docs] the page could not be updated in place; reloading it', error);
      location.reload();
    });
  });
}

connect();
if (hasPage()) {
  void remember();
  document.addEventListener(PAGE_CHANGE, () => {
    if (served?.key !== keyOf()) void remember();
  });
}
