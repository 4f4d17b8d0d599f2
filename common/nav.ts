// Which nav item a page belongs to: the navbar highlights it, and search hits name it as their section.
import type { NavItem } from './types.ts';

/** A nav item is active for a locale-neutral route when its activeMatch (else its link) matches, or a child is. */
export function isNavActive(item: NavItem, neutralRoute: string): boolean {
  if (item.activeMatch) return new RegExp(item.activeMatch).test(neutralRoute);
  if (item.link) return item.link === neutralRoute;
  return (item.items ?? []).some((child) => isNavActive(child, neutralRoute));
}
