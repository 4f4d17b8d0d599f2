// Overview pages (`overview: true`): the sidebar's groups, each page with its headings, and a filter
// (the list is complete without JavaScript; <overview-filter> adds filtering).
import type { ResolvedSidebarItem, SitePage } from '../../lib/model.ts';
import type { LayoutProps } from '../context.ts';

interface OverviewGroup {
  name: string;
  items: { title: string; href: string; headers: { text: string; href: string }[] }[];
}

export function overviewGroups({ page, model }: Pick<LayoutProps, 'page' | 'model'>): OverviewGroup[] {
  const byRoute = new Map<string, SitePage>(model.pages.map((p) => [p.route, p]));
  const depths = page.data.frontmatter.overviewHeaders ?? [2];
  const links = (items: ResolvedSidebarItem[]): { text: string; route: string; href: string }[] =>
    items.flatMap((item) =>
      item.kind === 'link' ? [item] : item.kind === 'group' ? [...(item.route && item.href ? [{ text: item.text, route: item.route, href: item.href }] : []), ...links(item.items)] : [],
    );
  const toItems = (list: { text: string; route: string; href: string }[]) =>
    list
      .filter((l) => l.route !== page.route)
      .map((l) => {
        const target = byRoute.get(l.route);
        const headers = (target?.data.toc ?? []).filter((t) => depths.includes(t.depth)).map((t) => ({ text: t.text, href: `${l.href}#${encodeURIComponent(t.id)}` }));
        return { title: l.text, href: l.href, headers };
      });
  const groups: OverviewGroup[] = [];
  const others: ResolvedSidebarItem[] = [];
  for (const item of page.sidebar?.items ?? []) {
    if (item.kind === 'group') groups.push({ name: item.text, items: toItems(links([item])) });
    else others.push(item);
  }
  const rest = toItems(links(others));
  if (rest.length) groups.push({ name: page.locale.texts.overviewOthersText, items: rest });
  return groups.filter((g) => g.items.length);
}

export function Overview(props: Pick<LayoutProps, 'page' | 'model'>) {
  const texts = props.page.locale.texts;
  const groups = overviewGroups(props);
  return (
    <section className="overview" aria-label={props.page.data.title || texts.overviewTitle}>
      <overview-filter no-match={texts.overviewNoMatchText}>
        <label className="overview-filter">
          <span>{texts.filterText}</span>
          <input type="search" placeholder={texts.filterPlaceholderText} autoComplete="off" />
        </label>
        <p className="overview-empty" role="status" hidden />
      </overview-filter>
      {groups.map((group) => (
        <div className="overview-group" key={group.name}>
          <h2 className="overview-group-title">{group.name}</h2>
          <div className="overview-grid">
            {group.items.map((item) => (
              <div className="overview-card" key={item.href}>
                <h3>
                  <a href={item.href}>{item.title}</a>
                </h3>
                {item.headers.length ? (
                  <ul>
                    {item.headers.map((h) => (
                      <li key={h.href}>
                        <a href={h.href}>{h.text}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
