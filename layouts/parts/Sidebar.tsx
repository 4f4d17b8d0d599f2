// The sidebar: groups (native <details> when collapsible, so they work without JavaScript; a group's own link
// sits beside its toggle, not inside it), links with aria-current on the active page, dividers, section headers
// and tags.
import type { ResolvedSidebar, ResolvedSidebarItem } from '../../lib/model.ts';

function Item({ item, route }: { item: ResolvedSidebarItem; route: string }) {
  if (item.kind === 'divider') return <li className={`sidebar-divider ${item.dividerType}`} role="separator" />;
  if (item.kind === 'section') {
    return (
      <li className="sidebar-section">
        {item.text}
        {item.tag ? <span className="tag">{item.tag}</span> : null}
      </li>
    );
  }
  if (item.kind === 'link') {
    const active = item.route === route;
    return (
      <li>
        <a
          className={`sidebar-link${active ? ' active' : ''}`}
          href={item.href}
          aria-current={active ? 'page' : undefined}
        >
          {item.text}
          {item.tag ? <span className="tag">{item.tag}</span> : null}
        </a>
      </li>
    );
  }
  const active = item.route === route;
  const title = item.href ? (
    <a
      className={`sidebar-group-link${active ? ' active' : ''}`}
      href={item.href}
      aria-current={active ? 'page' : undefined}
    >
      {item.text}
    </a>
  ) : (
    <span>{item.text}</span>
  );
  const list = (
    <ul>
      {item.items.map((child, i) => (
        <Item key={i} item={child} route={route} />
      ))}
    </ul>
  );
  if (!item.collapsible) {
    return (
      <li className="sidebar-group">
        <p className="sidebar-group-title">{title}</p>
        {list}
      </li>
    );
  }
  const open = !item.collapsed || containsRoute(item, route);
  if (item.href) {
    // A link may not sit inside <summary> (two controls in one: axe's nested-interactive). The group's link comes
    // first and is laid over the title row; the summary behind it is the toggle, named by the group's text.
    return (
      <li className="sidebar-group has-link">
        {title}
        <details className="sidebar-collapse" open={open} data-group={item.text}>
          <summary className="sidebar-group-title">
            <span className="sr-only">{item.text}</span>
          </summary>
          {list}
        </details>
      </li>
    );
  }
  return (
    <li className="sidebar-group">
      <details className="sidebar-collapse" open={open} data-group={item.text}>
        <summary className="sidebar-group-title">{title}</summary>
        {list}
      </details>
    </li>
  );
}

export function Sidebar({ sidebar, route, label }: { sidebar: ResolvedSidebar; route: string; label: string }) {
  return (
    <aside className="sidebar" id="sidebar">
      <nav aria-label={label}>
        <ul className="sidebar-root">
          {sidebar.items.map((item, i) => (
            <Item key={i} item={item} route={route} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Whether a collapsed group holds the active page (then it renders open). */
export function containsRoute(item: ResolvedSidebarItem, route: string): boolean {
  if (item.kind === 'link') return item.route === route;
  if (item.kind === 'group') return item.route === route || item.items.some((child) => containsRoute(child, route));
  return false;
}
