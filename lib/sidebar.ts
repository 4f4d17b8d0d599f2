// Resolves the configured sidebars of a locale: labels from page titles, localized hrefs, and checks that
// every entry points at a page. Also: which sidebar a route uses, and prev/next along it.
import fs from 'node:fs';
import type { BuildProblem } from './errors.ts';
import { lineOf } from './errors.ts';
import { normalizeRoute } from '../common/routes.ts';
import type { SidebarConfig, SidebarGroup, SidebarItem, SidebarLink } from '../common/types.ts';
import type { ResolvedSidebar, ResolvedSidebarItem, SidebarPageLink } from './model.ts';

export interface SidebarContext {
  /** Locale-neutral route → localized route of this locale/version. */
  localize: (route: string) => string;
  href: (route: string) => string;
  /** Localized route → page title, for pages that exist. */
  titleOf: (route: string) => string | undefined;
  configFile: string;
  problems: BuildProblem[];
}

const isGroup = (item: SidebarItem): item is SidebarGroup => 'items' in item;
const isLink = (item: SidebarItem): item is SidebarLink => 'link' in item && !('items' in item);

export function resolveSidebars(config: SidebarConfig, ctx: SidebarContext): ResolvedSidebar[] {
  const source = fs.existsSync(ctx.configFile) ? fs.readFileSync(ctx.configFile, 'utf8') : '';
  const lineOfLink = (link: string) => {
    for (const quote of ["'", '"', '`']) {
      const at = source.indexOf(`${quote}${link}${quote}`);
      if (at !== -1) return lineOf(source, at);
    }
    // Links built in a template string (`/config/test/${name}`) are found by their folder.
    const folder = link.slice(0, link.lastIndexOf('/') + 1);
    const at = source.indexOf(folder);
    return at === -1 ? undefined : lineOf(source, at);
  };
  const page = (link: string, text: string | undefined) => {
    const route = ctx.localize(normalizeRoute(link));
    const title = ctx.titleOf(route);
    if (title === undefined) {
      ctx.problems.push({
        file: ctx.configFile,
        line: lineOfLink(link),
        message: `sidebar entry "${text ?? link}" links to ${route}, and no page has that route`,
        fix: `create the page for ${route}, or correct the link in the sidebar`,
      });
    }
    return { route, href: ctx.href(route), text: text ?? title ?? link };
  };
  const resolve = (item: SidebarItem): ResolvedSidebarItem => {
    if (isGroup(item)) {
      const target = item.link ? page(item.link, item.text) : undefined;
      return {
        kind: 'group',
        text: item.text,
        route: target?.route,
        href: target?.href,
        tag: item.tag,
        ...(item.overviewHeaders ? { overviewHeaders: item.overviewHeaders } : {}),
        collapsible: item.collapsible ?? false,
        collapsed: item.collapsed ?? false,
        items: item.items.map(resolve),
      };
    }
    if (isLink(item))
      return {
        kind: 'link',
        tag: item.tag,
        ...page(item.link, item.text),
        ...(item.overviewHeaders ? { overviewHeaders: item.overviewHeaders } : {}),
      };
    if ('dividerType' in item) return { kind: 'divider', dividerType: item.dividerType };
    return { kind: 'section', text: item.sectionHeaderText, tag: item.tag };
  };
  return Object.entries(config).map(([prefix, items]) => ({ prefix: ctx.localize(prefix), items: items.map(resolve) }));
}

/** The sidebar whose prefix is the longest match of the route. */
export function sidebarForRoute(sidebars: ResolvedSidebar[], route: string): ResolvedSidebar | undefined {
  let best: ResolvedSidebar | undefined;
  for (const s of sidebars) {
    const prefix = s.prefix.endsWith('/') ? s.prefix : `${s.prefix}/`;
    const matches = route.startsWith(prefix) || route === s.prefix || `${route}/` === prefix;
    if (matches && (!best || s.prefix.length > best.prefix.length)) best = s;
  }
  return best;
}

/** Pages in sidebar order (a group with a link counts as a page before its items), each route once (its first place). */
export function flattenSidebar(items: ResolvedSidebarItem[]): SidebarPageLink[] {
  const out: SidebarPageLink[] = [];
  const seen = new Set<string>();
  const add = (text: string, route: string, href: string) => {
    if (seen.has(route)) return;
    seen.add(route);
    out.push({ text, route, href });
  };
  const walk = (list: ResolvedSidebarItem[]) => {
    for (const item of list) {
      if (item.kind === 'link') add(item.text, item.route, item.href);
      if (item.kind === 'group') {
        if (item.route && item.href) add(item.text, item.route, item.href);
        walk(item.items);
      }
    }
  };
  walk(items);
  return out;
}

export type PrevNext = { prev?: SidebarPageLink; next?: SidebarPageLink };

/** Previous and next page of every page a sidebar lists, by route: one walk of the sidebar for all its pages. */
export function prevNextByRoute(sidebar: ResolvedSidebar): Map<string, PrevNext> {
  const flat = flattenSidebar(sidebar.items);
  const byRoute = new Map<string, PrevNext>();
  flat.forEach((link, i) => byRoute.set(link.route, { prev: flat[i - 1], next: flat[i + 1] }));
  return byRoute;
}

export function prevNext(sidebar: ResolvedSidebar | undefined, route: string): PrevNext {
  return (sidebar && prevNextByRoute(sidebar).get(route)) || {};
}

/** The names of the groups that hold a route, outermost first (a group that is the page itself is not counted). */
export function sidebarTrail(items: ResolvedSidebarItem[], route: string): string[] {
  for (const item of items) {
    if (item.kind !== 'group') continue;
    if (item.route === route) return [];
    const inner = sidebarTrail(item.items, route);
    if (inner.length || item.items.some((child) => child.kind === 'link' && child.route === route))
      return [item.text, ...inner];
  }
  return [];
}
