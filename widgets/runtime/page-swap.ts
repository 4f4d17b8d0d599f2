// Puts a fetched page in place of the current one: title, <html> attributes (language, page type, site
// data), page-specific <head> tags, and the body regions the layouts render. The navbar and skip link are
// morphed (their widgets live on); so is the sidebar when both pages have one (it keeps its scroll position,
// and the browser re-lays out only what changed); the rest of the layout and the page data are replaced.
// Nodes that widgets added to <body> (modals, the progress bar) are left alone.
import { morph, syncAttributes } from './morph.ts';
import { applyQueryFlags } from './page-flags.ts';
import { siteDataText } from './site-data.ts';

/** The body-level regions of layouts/render.tsx, in a stable key → selector form. */
const REGIONS: [key: string, selector: string][] = [
  ['skip', '.skip-link'],
  ['navbar', 'header.navbar'],
  ['layout', '.page-doc, main'],
  ['scroll-top', '.scroll-top'],
  ['data', '#docs-page-data'],
];
const MORPHED = new Set(['skip', 'navbar']);
const ROOT_ATTRIBUTES = ['lang', 'dir', 'data-page-type'];
const HEAD_TAGS =
  'meta[name="description"], link[rel="canonical"], link[rel="alternate"], meta[property^="og:"], meta[name^="twitter:"]';
const ASSETS = 'script[type="module"][src], link[rel="stylesheet"]:not([data-sheet])';
/** The site's stylesheets, linked or inline (layouts/render.tsx): `data-sheet` names which one. */
const SHEETS = 'link[rel="stylesheet"][data-sheet], style[data-sheet]';

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
  [...doc.querySelectorAll<HTMLElement>(ASSETS)]
    .map((el) => el.getAttribute('src') ?? el.getAttribute('href'))
    .join(' ');

const sheetsOf = (doc: Document) => [...doc.head.querySelectorAll<HTMLElement>(SHEETS)];
const sheetFile = (el: HTMLElement) => el.getAttribute('href') ?? el.dataset.href;
/** This document's stylesheets: name → file. */
const currentSheets = () => new Map(sheetsOf(document).map((el) => [el.dataset.sheet, sheetFile(el)]));

/** Of the given stylesheets, those this document does not have yet (the home page's own, coming from a doc page). */
function missingSheets(sheets: HTMLElement[]): HTMLElement[] {
  const mine = currentSheets();
  return sheets.filter((el) => !mine.has(el.dataset.sheet));
}

/**
 * False when the page was built with other assets (a new deploy): it needs a full load. A stylesheet this page
 * does not have is no sign of one (each page type has its sheets): the swap takes it along.
 */
export function canSwap(next: Document): boolean {
  if (next.body.children.length === 0 || !regions(next.body).has('layout') || assetList(next) !== assetList(document))
    return false;
  const mine = currentSheets();
  return sheetsOf(next).every((el) => !mine.has(el.dataset.sheet) || mine.get(el.dataset.sheet) === sheetFile(el));
}

/** A fetched page taken into this document ahead of the swap (see `preparePage`). */
export interface PreparedPage {
  title: string;
  root: HTMLElement;
  headTags: Element[];
  /** Stylesheets the page needs that this document lacks (see `missingSheets`). */
  sheets: HTMLElement[];
  body: HTMLElement;
}

/**
 * Moves the parsed page's nodes into this document before the swap (when the browser is idle after a preload,
 * or while a view transition captures the old page), so the swap itself only inserts them.
 */
export function preparePage(next: Document): PreparedPage {
  return {
    title: next.title,
    root: next.documentElement,
    headTags: [...next.head.querySelectorAll(HEAD_TAGS)].map((tag) => document.adoptNode(tag)),
    sheets: missingSheets(sheetsOf(next)).map((el) => document.adoptNode(el)),
    body: document.adoptNode(next.body),
  };
}

function syncRoot(next: HTMLElement): void {
  const root = document.documentElement;
  for (const name of ROOT_ATTRIBUTES) {
    const value = next.getAttribute(name);
    if (value === null) root.removeAttribute(name);
    else if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
  // The next page's site data is in its <head> (the boot script put this page's on <html>; it does not run again).
  const site = siteDataText(next.ownerDocument);
  if (site === null) root.removeAttribute('data-site');
  else if (root.dataset.site !== site) {
    root.dataset.site = site;
    const own = document.getElementById('docs-site-data');
    if (own) own.textContent = site;
  }
}

function syncHead(tags: Element[]): void {
  for (const tag of document.head.querySelectorAll(HEAD_TAGS)) tag.remove();
  document.head.append(...tags);
}

/** The doc layout's own children: the sidebar is morphed, the rest replaced. */
function layoutChildren(layout: Element): string {
  return [...layout.children].map((child) => `${child.localName}#${child.id}`).join(' ');
}

/** Swaps one doc layout for another of the same shape, keeping the sidebar element; false if the shapes differ. */
function swapDocLayout(current: Element, next: Element): boolean {
  if (!current.matches('.page-doc') || !next.matches('.page-doc') || layoutChildren(current) !== layoutChildren(next))
    return false;
  syncAttributes(current, next, false);
  const incoming = [...next.children];
  [...current.children].forEach((child, i) => {
    if (child.id === 'sidebar') morph(child, incoming[i]);
    else child.replaceWith(incoming[i]);
  });
  return true;
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
    } else if (current && key === 'layout' && swapDocLayout(current, node)) {
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

export function swapPage(next: PreparedPage): void {
  document.title = next.title;
  syncRoot(next.root);
  syncHead(next.headTags);
  // Kept once added: a sheet's rules only match its own page type's markup. (Prepared ahead: another swap may
  // have brought the same sheet in since.)
  document.head.append(...missingSheets(next.sheets));
  swapBody(next.body);
  applyQueryFlags(window.location.search);
}
