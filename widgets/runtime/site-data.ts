// Reads the site data on <html data-site='…'>, which the boot script copies there from the JSON the build put in
// <head> (#docs-site-data, see layouts/render.tsx): one place to read it, also for widgets and their tests.
import type { RouteContext } from '../../common/routes.ts';
import type { ClientSiteData } from '../../common/types.ts';

export const DEFAULT_STORAGE_KEY = 'docs-theme';
export const DEFAULT_TABS_STORAGE_KEY = 'docs.tabs';

const FALLBACK: ClientSiteData = {
  base: '/',
  lang: 'en',
  title: '',
  locales: [],
  version: '',
  versions: [],
  defaultVersion: '',
  cleanUrls: true,
  searchIndex: {},
  localeRedirect: 'never',
  hideNavbar: 'never',
  enableAppearanceAnimation: false,
  enableContentAnimation: false,
  darkMode: true,
  storageKey: DEFAULT_STORAGE_KEY,
  tabsStorageKey: DEFAULT_TABS_STORAGE_KEY,
};

export function readSiteData(): ClientSiteData {
  return { ...FALLBACK, ...readOwnSiteData() };
}

/** Only the fields the page set, no defaults (the inline boot script parses the <head>'s JSON itself). */
export function readOwnSiteData(): Partial<ClientSiteData> {
  try {
    return JSON.parse(document.documentElement.dataset.site ?? '{}') as Partial<ClientSiteData>;
  } catch {
    return {};
  }
}

/** The id of the JSON element in a built page's <head> that holds its site data (layouts/render.tsx). */
export const SITE_DATA_ID = 'docs-site-data';

/** The site data a built document carries as JSON in its <head>; null for a page without it (a host page). */
export function siteDataText(doc: Document): string | null {
  return doc.getElementById(SITE_DATA_ID)?.textContent ?? null;
}

/** The route helpers' context (lib/routes.ts) for this site. */
export function routeContextOf(site: ClientSiteData): RouteContext {
  return {
    base: site.base,
    locales: site.locales.map((l) => ({ lang: l.lang, prefix: l.prefix })),
    versions: site.versions.length ? site.versions : [''],
    defaultVersion: site.defaultVersion,
    cleanUrls: site.cleanUrls,
  };
}
