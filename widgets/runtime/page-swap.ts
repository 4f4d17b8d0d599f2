// Puts a fetched page in place of the current one: title, <html> attributes (language, page type, site
// data), page-specific <head> tags, and the body regions the layouts render. The navbar and skip link are
// morphed (their widgets live on); the layout and the page data are replaced. Nodes that widgets added to
// <body> (modals, the progress bar) are left alone.
import { morph } from './morph.ts';
import { applyQueryFlags } from './page-flags.ts';

/** The body-level regions of layouts/render.tsx, in a stable key → selector form. */
const REGIONS: [key: string, selector: string][] = [
  ['skip', '.skip-link'],
  ['navbar', 'header.navbar'],
  ['layout', '.page-doc, main'],
  ['scroll-top', '.scroll-top'],
  ['data', '#docs-page-data'],
];
const MORPHED = new Set(['skip', 'navbar']);
const ROOT_ATTRIBUTES = ['lang', 'dir', 'data-page-type', 'data-site'];
const HEAD_TAGS = 'meta[name="description"], link[rel="canonical"], link[rel="alternate"], meta[property^="og:"], meta[name^="twitter:"]';
const ASSETS = 'script[type="module"][src], link[rel="stylesheet"]';

function regionKey(el: Element): string | undefined {
  return REGIONS.find(([, selector]) => el.matches(selector))?.[0];
}

function regions(body: HTMLElement): Map<string, Element> {
  const found = new Map<string, Element>();
  for (const child of body.children) {
    const key = regionKey(child);
    if (key && !found.has(key)) found.set(key, child);
  }
  return found;
}

const assetList = (doc: Document) =>
  [...doc.querySelectorAll<HTMLElement>(ASSETS)].map((el) => el.getAttribute('src') ?? el.getAttribute('href')).join(' ');

/** False when the page was built with other assets (a new deploy): it needs a full load. */
export function canSwap(next: Document): boolean {
  return next.body.children.length > 0 && regions(next.body).has('layout') && assetList(next) === assetList(document);
}

function syncRoot(next: HTMLElement): void {
  const root = document.documentElement;
  for (const name of ROOT_ATTRIBUTES) {
    const value = next.getAttribute(name);
    if (value === null) root.removeAttribute(name);
    else if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
}

function syncHead(next: HTMLHeadElement): void {
  for (const tag of document.head.querySelectorAll(HEAD_TAGS)) tag.remove();
  document.head.append(...next.querySelectorAll(HEAD_TAGS));
}

function swapBody(next: HTMLElement): void {
  const old = regions(document.body);
  let previous: Element | undefined;
  for (const node of [...next.children]) {
    const key = regionKey(node);
    if (!key) continue;
    const current = old.get(key);
    old.delete(key);
    let placed: Element = node;
    if (current && MORPHED.has(key)) {
      morph(current, node);
      placed = current;
    } else if (current) {
      current.replaceWith(node);
    } else if (previous) {
      previous.after(node);
    } else {
      document.body.prepend(node);
    }
    previous = placed;
  }
  for (const stale of old.values()) stale.remove();
}

export function swapPage(next: Document): void {
  document.title = next.title;
  syncRoot(next.documentElement);
  syncHead(next.head);
  swapBody(next.body);
  applyQueryFlags(window.location.search);
}
