// Overview pages (`overview: true`): the page's own Markdown, a filter, and the sidebar's groups as cards
// (overview-data.ts). A group the Markdown already introduces under a heading of its name is listed under
// that heading (overview-sections.ts): each group name shows once. The list is complete without JavaScript;
// <overview-filter> (widgets/runtime/overview-filter.ts) adds filtering.
import type { LayoutProps } from '../context.ts';
import {
  overviewGroups,
  WIDE_CARD_HEADINGS,
  type OverviewCard,
  type OverviewGroup,
  type OverviewHeading,
} from './overview-data.ts';
import { headingIdOfGroup, splitAtH2 } from './overview-sections.ts';

function Headings({ headings, page, nested = false }: { headings: OverviewHeading[]; page: string; nested?: boolean }) {
  // API names read as a row of names; prose headings as a list.
  const names = headings.every((h) => h.code && !h.children.length);
  return (
    <ul className={names ? 'overview-names' : nested ? 'overview-headings nested' : 'overview-headings'}>
      {headings.map((h) => (
        <li key={h.href}>
          <a href={h.href}>
            {h.code ? <code>{h.text}</code> : h.text}
            {/* A prose heading ("More", "Examples") says where it leads only with its page's name. */}
            {h.code ? null : <span className="sr-only"> ({page})</span>}
          </a>
          {h.children.length ? <Headings headings={h.children} page={page} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

function Card({ card }: { card: OverviewCard }) {
  return (
    <div className={`overview-card${card.count > WIDE_CARD_HEADINGS ? ' wide' : ''}`}>
      <h3>
        <a href={card.href}>{card.title}</a>
      </h3>
      {card.headings.length ? (
        <Headings headings={card.headings} page={card.title} />
      ) : card.description ? (
        <p className="overview-card-desc">{card.description}</p>
      ) : null}
    </div>
  );
}

/** One group: under the page's own section that names it, or under a title of its own. */
function Group({ group, section }: { group: OverviewGroup; section?: string }) {
  return (
    <div className="overview-group" data-group={group.name}>
      {section === undefined ? (
        <h2 className="overview-group-title">{group.name}</h2>
      ) : (
        <div dangerouslySetInnerHTML={{ __html: section }} />
      )}
      <div className="overview-grid">
        {group.cards.map((card) => (
          <Card key={card.href} card={card} />
        ))}
      </div>
    </div>
  );
}

export function Overview(props: Pick<LayoutProps, 'page' | 'model'>) {
  const { page } = props;
  const texts = page.locale.texts;
  const groups = overviewGroups(props);
  const [lead, ...sections] = splitAtH2(page.html);
  const groupOf = new Map(groups.map((g) => [headingIdOfGroup(page.data.toc, g.name), g]));
  const placed = new Set<OverviewGroup>();
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: lead.html }} />
      <section className="overview" aria-label={page.data.title || texts.overviewTitle}>
        <overview-filter no-match={texts.overviewNoMatchText}>
          <label className="overview-filter">
            <span>{texts.filterText}</span>
            <input type="search" placeholder={texts.filterPlaceholderText} autoComplete="off" />
          </label>
          <p className="overview-empty" role="status" hidden />
        </overview-filter>
        {sections.map((section) => {
          const group = groupOf.get(section.id);
          if (!group) return <div key={section.id} dangerouslySetInnerHTML={{ __html: section.html }} />;
          placed.add(group);
          return <Group key={section.id} group={group} section={section.html} />;
        })}
        {groups
          .filter((g) => !placed.has(g))
          .map((group) => (
            <Group key={group.name} group={group} />
          ))}
      </section>
    </>
  );
}
