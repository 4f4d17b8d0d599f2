// Reads the site data the build put on <html data-site='…'> (see layouts/render.tsx).
import type { RouteContext } from '../../common/routes.ts';
import type { ClientSiteData } from '../../common/types.ts';

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
  storageKey: 'docs-theme',
  tabsStorageKey: 'docs.tabs',
};

export function readSiteData(): ClientSiteData {
  try {
    return { ...FALLBACK, ...(JSON.parse(document.documentElement.dataset.site ?? '{}') as Partial<ClientSiteData>) };
  } catch {
    return FALLBACK;
  }
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
