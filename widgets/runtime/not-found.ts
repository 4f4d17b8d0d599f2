// On the 404 page: drop a default-language segment from the URL (`/en/guide/` → `/guide/`), and point
// "Take me home" at the home of the visitor's version and language.
import { localizeRoute, parseRoute, stripBase, withBase } from '../../common/routes.ts';
import { readSiteData, routeContextOf } from './site-data.ts';

const site = readSiteData();
const ctx = routeContextOf(site);
const route = stripBase(ctx.base, window.location.pathname) ?? '/';
const parts = parseRoute(ctx, route);
const defaultSegment = `/${site.lang}`;
if (parts.rest === defaultSegment || parts.rest.startsWith(`${defaultSegment}/`)) {
  const rest = parts.rest.slice(defaultSegment.length) || '/';
  window.location.replace(withBase(ctx.base, localizeRoute(ctx, rest, parts.lang, parts.version)) + window.location.search + window.location.hash);
} else {
  const home = document.querySelector<HTMLAnchorElement>('[data-home-link]');
  if (home) home.href = withBase(ctx.base, localizeRoute(ctx, '/', parts.lang, parts.version));
}
