// What every layout part receives: the page, the site model and the built assets.
import type { PageAssets } from '../lib/assets.ts';
import type { SiteModel, SitePage } from '../lib/site.ts';

export interface LayoutProps {
  page: SitePage;
  model: SiteModel;
  assets: PageAssets;
}

/** A locale-neutral route in the page's language and version, as an href. */
export function localHref({ page, model }: Pick<LayoutProps, 'page' | 'model'>, route: string): string {
  if (/^(?:[a-z]+:|\/\/)/i.test(route)) return route;
  const { ctx } = model;
  const locale = ctx.locales.find((l) => l.lang === page.data.lang);
  const version = page.data.version && page.data.version !== ctx.defaultVersion ? `/${page.data.version}` : '';
  const full = `${version}${locale?.prefix ?? ''}${route}`;
  return ctx.base === '/' ? full : `${ctx.base.slice(0, -1)}${full}`;
}

export const isExternal = (href: string) => /^(?:[a-z]+:|\/\/)/i.test(href);
