// On the 404 page: drop a default-language segment from the URL (`/en/guide/` → `/guide/`), point "Take me
// home" at the home of the visitor's version and language, and speak the language of the path (the host may
// serve the default language's 404 page for every unknown path; layouts/NotFound.tsx). The path comes from the
// address bar: the redirect goes through common/safe-url.ts, so `/en//evil.example/` lands on this site, never on another.
import { localizeRoute, parseRoute, stripBase, withBase } from '../../common/routes.ts';
import { safeRedirectHref } from '../../common/safe-url.ts';
import { readSiteData, routeContextOf } from './site-data.ts';

const site = readSiteData();
const ctx = routeContextOf(site);
const route = stripBase(ctx.base, window.location.pathname) ?? '/';
const parts = parseRoute(ctx, route);
const defaultSegment = `/${site.lang}`;
const target =
  parts.rest === defaultSegment || parts.rest.startsWith(`${defaultSegment}/`)
    ? safeRedirectHref(
        withBase(
          ctx.base,
          localizeRoute(ctx, parts.rest.slice(defaultSegment.length) || '/', parts.lang, parts.version),
        ),
        window.location.search + window.location.hash,
        window.location,
      )
    : undefined;
if (target && target !== window.location.href) {
  window.location.replace(target);
} else {
  const home = document.querySelector<HTMLAnchorElement>('[data-home-link]');
  if (home) home.href = withBase(ctx.base, localizeRoute(ctx, '/', parts.lang, parts.version));
  speak(parts.lang);
}

function speak(lang: string): void {
  const main = document.querySelector<HTMLElement>('.not-found[data-texts]');
  if (!main || document.documentElement.lang === lang) return;
  let texts: Record<string, string> | undefined;
  try {
    texts = (JSON.parse(main.dataset.texts!) as Record<string, Record<string, string>>)[lang];
  } catch {
    return;
  }
  if (!texts) return;
  document.documentElement.lang = lang;
  document.title = texts.title;
  for (const el of main.querySelectorAll<HTMLElement>('[data-l10n]'))
    el.textContent = texts[el.dataset.l10n!] ?? el.textContent;
  // The navbar in the path's language (its links, menus and labels): rendered by the build in a <template>.
  const navbar = document.querySelector('header.navbar');
  const template = [...main.querySelectorAll<HTMLTemplateElement>('template[data-navbar-lang]')].find(
    (t) => t.dataset.navbarLang === lang,
  );
  if (navbar && template) navbar.replaceWith(template.content.cloneNode(true));
}
