// What an overview page lists (spec §2.6): the sidebar's groups, each page as a card with the headings that
// tell its pages apart. Heading depths come from the sidebar item, else the listed page's front matter, else
// the overview page's, else the spec's default (2). A heading most pages of a group share and that has
// nothing listed under it ("Example", "Notes", "Related") says nothing about its page: it is left out, and a
// card left with no heading shows the page's description instead. A shared heading over a list of names
// ("Modifiers" over `test.only`, `test.skip`…) stays: it sorts them.
import type { ResolvedSidebarItem, SitePage } from '../../lib/model.ts';
import type { LayoutProps } from '../context.ts';

export const DEFAULT_OVERVIEW_HEADERS = [2];
/** A card with more headings than this spans the whole row. */
export const WIDE_CARD_HEADINGS = 10;

export interface OverviewHeading {
  text: string;
  href: string;
  /** Looks like an API name (`toBe`, `rstest.mock`, `source.define`): shown as code. */
  code: boolean;
  children: OverviewHeading[];
}

export interface OverviewCard {
  title: string;
  href: string;
  description: string;
  headings: OverviewHeading[];
  /** Number of headings, nested ones included. */
  count: number;
}

export interface OverviewGroup {
  name: string;
  cards: OverviewCard[];
}

interface ListedLink {
  text: string;
  route: string;
  href: string;
  overviewHeaders?: number[];
}

const normalize = (text: string) => text.trim().toLowerCase();
/** `toBe`, `expect`, `rstest.mock`, `source.define`, `@rstest/core`: one token that starts lower case or has a dot. */
const isApiName = (text: string) => /^[\w$@.#/:-]+(\(\))?$/.test(text) && /^[a-z$@_]|\./.test(text);

function links(items: ResolvedSidebarItem[]): ListedLink[] {
  return items.flatMap((item): ListedLink[] => {
    if (item.kind === 'link') return [item];
    if (item.kind !== 'group') return [];
    const own =
      item.route && item.href
        ? [{ text: item.text, route: item.route, href: item.href, overviewHeaders: item.overviewHeaders }]
        : [];
    // A group's depths apply to its pages unless they say otherwise.
    return [
      ...own,
      ...links(item.items).map((l) => ({ ...l, overviewHeaders: l.overviewHeaders ?? item.overviewHeaders })),
    ];
  });
}

/** The headings of a page at the given depths as a tree: the shallowest depth on top, deeper ones under it. */
function headingTree(target: SitePage | undefined, href: string, depths: number[]): OverviewHeading[] {
  const toc = target?.data.toc ?? [];
  const top = Math.min(...depths);
  const tree: OverviewHeading[] = [];
  let parent: OverviewHeading | undefined;
  for (const entry of toc) {
    if (!depths.includes(entry.depth)) {
      // A heading left out at or above the top depth ends the section its sub-headings belonged to.
      if (entry.depth <= top) parent = undefined;
      continue;
    }
    const heading: OverviewHeading = {
      text: entry.text,
      href: `${href}#${encodeURIComponent(entry.id)}`,
      code: isApiName(entry.text),
      children: [],
    };
    if (entry.depth === top || !parent) {
      tree.push(heading);
      parent = entry.depth === top ? heading : undefined;
    } else {
      parent.children.push(heading);
    }
  }
  return tree;
}

const texts = (headings: OverviewHeading[]): string[] =>
  headings.flatMap((h) => [normalize(h.text), ...texts(h.children)]);

/** The tree without the headings in `shared` that have nothing under them. */
const withoutShared = (headings: OverviewHeading[], shared: Set<string>): OverviewHeading[] =>
  headings
    .filter((h) => h.children.length || !shared.has(normalize(h.text)))
    .map((h) => ({ ...h, children: withoutShared(h.children, shared) }));

const countOf = (headings: OverviewHeading[]): number => headings.reduce((n, h) => n + 1 + countOf(h.children), 0);

function toCards(list: ListedLink[], page: SitePage, byRoute: Map<string, SitePage>): OverviewCard[] {
  const pageDepths = page.data.frontmatter.overviewHeaders ?? DEFAULT_OVERVIEW_HEADERS;
  const listed = list
    .filter((l) => l.route !== page.route)
    .map((l) => {
      const target = byRoute.get(l.route);
      return { link: l, target, depths: l.overviewHeaders ?? target?.data.frontmatter.overviewHeaders ?? pageDepths };
    });
  const trees = listed.map(({ link, target, depths }) => ({
    link,
    target,
    tree: headingTree(target, link.href, depths),
  }));
  // Heading texts that most cards of this group share carry no information about any one of them.
  const seen = new Map<string, number>();
  for (const { tree } of trees) for (const text of new Set(texts(tree))) seen.set(text, (seen.get(text) ?? 0) + 1);
  const shared = new Set([...seen].filter(([, n]) => trees.length >= 3 && n * 2 >= trees.length).map(([text]) => text));
  return trees.map(({ link, target, tree }) => {
    const headings = withoutShared(tree, shared);
    return {
      title: link.text,
      href: link.href,
      description: target?.description ?? '',
      headings,
      count: countOf(headings),
    };
  });
}

export function overviewGroups({ page, model }: Pick<LayoutProps, 'page' | 'model'>): OverviewGroup[] {
  const { byRoute } = model;
  const groups: OverviewGroup[] = [];
  const others: ResolvedSidebarItem[] = [];
  for (const item of page.sidebar?.items ?? []) {
    if (item.kind === 'group') groups.push({ name: item.text, cards: toCards(links([item]), page, byRoute) });
    else others.push(item);
  }
  const rest = toCards(links(others), page, byRoute);
  if (rest.length) groups.push({ name: page.locale.texts.overviewOthersText, cards: rest });
  return groups.filter((g) => g.cards.length);
}
