// What every layout part receives: the page, the site model and the built assets; and the one href helper
// the layouts need on top of common/routes.ts.
import { isExternalUrl, localizeRoute, withBase } from '../common/routes.ts';
import type { PageAssets, SiteModel, SitePage } from '../lib/model.ts';

export interface LayoutProps {
  page: SitePage;
  model: SiteModel;
  assets: PageAssets;
}

/** A locale-neutral route (from the config: nav, hero actions) in the page's language and version, as an href. */
export function localHref({ page, model }: Pick<LayoutProps, 'page' | 'model'>, route: string): string {
  if (isExternalUrl(route)) return route;
  const { ctx } = model;
  return withBase(ctx.base, localizeRoute(ctx, route, page.data.lang, page.data.version));
}
