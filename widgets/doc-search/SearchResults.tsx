// The search modal's listbox: one option per hit, each a real link (middle-click opens a tab), highlighted
// ranges as <mark> around text nodes — never HTML, so a query like `<img onerror>` stays text. Each hit
// shows what matched and, below it, where it lives (section › page › heading).
import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { HeadingIcon, PageIcon, TextIcon } from '../../common/icons.tsx';
import { splitHighlights, type HighlightRange, type SearchHit } from '../../common/search/hits.ts';
import type { WidgetTexts } from '../../common/i18n.ts';
import { NO_HITS } from './use-search-query.ts';

function Highlighted({ text, ranges }: { text: string; ranges: HighlightRange[] }) {
  return (
    <>{splitHighlights(text, ranges).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>
  );
}

const ICONS: Record<SearchHit['type'], () => ReactNode> = { title: PageIcon, header: HeadingIcon, content: TextIcon };

/** Where a hit lives, outermost first: section (nav entry, sidebar groups) › page › parent headings. */
function HitPath({ parts }: { parts: string[] }) {
  const shown = parts.filter(Boolean);
  if (!shown.length) return null;
  return <span className="search-hit-path">{shown.join(' \u203a ')}</span>;
}

/**
 * Every hit says what matched (title, heading or a snippet) and where it lives: a page title its section, a
 * heading its section and page, a snippet its section, page and heading.
 */
function HitBody({ hit }: { hit: SearchHit }) {
  const trail = hit.header ? hit.header.split(' > ') : [];
  let main = { text: hit.title, ranges: hit.highlights, path: hit.section };
  if (hit.type === 'header') {
    // The trail's last heading is the match: highlight it; its parents go in the path.
    const last = trail.at(-1) ?? hit.header;
    const offset = hit.header.length - last.length;
    const ranges = hit.highlights
      .map((r) => ({ start: r.start - offset, length: r.length }))
      .filter((r) => r.start >= 0);
    main = { text: last, ranges, path: [...hit.section, hit.title, ...trail.slice(0, -1)] };
  } else if (hit.type === 'content') {
    main = { text: hit.statement ?? '', ranges: hit.highlights, path: [...hit.section, hit.title, ...trail] };
  }
  return (
    <>
      <span className={hit.type === 'content' ? 'search-hit-main search-hit-statement' : 'search-hit-main'}>
        <Highlighted text={main.text} ranges={main.ranges} />
      </span>
      <HitPath parts={main.path} />
    </>
  );
}

export interface SearchResultsProps {
  listRef: RefObject<HTMLUListElement | null>;
  id: string;
  hits: SearchHit[];
  /** Hits the answer may soon be: rendered ahead, hidden, and shown as they are when `hits` becomes them. */
  upcoming: SearchHit[];
  query: string;
  selected: number;
  busy: boolean;
  noResults: boolean;
  /** The index could not be loaded: say so and offer a retry (never "no results"). */
  unavailable: boolean;
  onRetry(): void;
  texts: WidgetTexts;
  label: string;
  onHover(index: number): void;
  /** A result was followed with a plain click (the modal closes; the link navigates). */
  onPick(): void;
}

/** What a hit shows, apart from whether it is an option yet: rendered once per hit. */
const HitContent = memo(function HitContent({ hit }: { hit: SearchHit }) {
  return (
    <>
      <span className="search-hit-icon">{ICONS[hit.type]()}</span>
      <span className="search-hit-text">
        <HitBody hit={hit} />
      </span>
    </>
  );
});

interface RowProps {
  hit: SearchHit;
  index: number;
  /** In the list that shows (an option); else in the one rendered ahead, hidden. */
  shown: boolean;
  selected: boolean;
  onHover(index: number): void;
  onPick(): void;
}

const Row = memo(function Row({ hit, index, shown, selected, onHover, onPick }: RowProps) {
  return (
    // The option is the link itself (no control nested in another): middle-click and Ctrl+click work.
    <li role="none">
      <a
        id={shown ? `doc-search-option-${index}` : undefined}
        role={shown ? 'option' : undefined}
        aria-selected={shown ? selected : undefined}
        className={shown ? 'search-row search-hit' : 'search-row'}
        href={hit.link}
        tabIndex={-1}
        data-type={hit.type}
        onMouseMove={shown ? () => !selected && onHover(index) : undefined}
        onClick={(event) => {
          if (shown && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey)
            onPick();
        }}
      >
        <HitContent hit={hit} />
      </a>
    </li>
  );
});

/**
 * Two lists, one shown and one holding the hits rendered ahead (hidden, laid out): an answer that is those hits
 * swaps their roles, so that the debounce's end changes attributes instead of building the rows. The list
 * shown before is emptied then, so a hidden row of an old answer is never left behind.
 */
interface Lists {
  hits: [SearchHit[], SearchHit[]];
  shown: 0 | 1;
}

function arrange(lists: Lists, hits: SearchHit[], upcoming: SearchHit[]): Lists {
  let { shown } = lists;
  const next: [SearchHit[], SearchHit[]] = [...lists.hits];
  if (next[shown] !== hits) {
    // The answer was rendered ahead: only shown. Else it is rendered now, in the list that was hidden.
    next[shown] = NO_HITS;
    shown = shown === 0 ? 1 : 0;
    next[shown] = hits;
  }
  next[shown === 0 ? 1 : 0] = upcoming === hits ? NO_HITS : upcoming;
  return next[0] === lists.hits[0] && next[1] === lists.hits[1] && shown === lists.shown
    ? lists
    : { hits: next, shown };
}

/** Memoised: the dialog renders on every keystroke and engine state; this part only when its props change. */
export const SearchResults = memo(function SearchResults({
  listRef,
  id,
  hits,
  upcoming,
  query,
  selected,
  busy,
  noResults,
  unavailable,
  onRetry,
  texts,
  label,
  onHover,
  onPick,
}: SearchResultsProps) {
  const [lists, setLists] = useState<Lists>({ hits: [hits, NO_HITS], shown: 0 });
  const arranged = arrange(lists, hits, upcoming);
  // Adjusted while rendering (React renders this again at once, before its children).
  if (arranged !== lists) setLists(arranged);

  // Keep the selected option in view while arrowing through a long list. A new answer starts at its top with
  // its first option selected: the list scrolls back up only if it was scrolled (as its scroll events tell),
  // for setting scrollTop lays the modal out at once, as scrollIntoView would, before the answer can show.
  const shownHits = useRef(hits);
  const scrolled = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (shownHits.current !== hits) {
      shownHits.current = hits;
      const scroller = list.parentElement;
      if (selected === 0 && scroller) {
        if (scrolled.current) scroller.scrollTop = 0;
        scrolled.current = false;
        return;
      }
    }
    list.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [listRef, selected, hits]);

  const separator = /[\p{L}\p{N}]$/u.test(texts.searchNoResultsText) ? ' ' : '';
  return (
    <div className="search-body" onScroll={(event) => (scrolled.current = event.currentTarget.scrollTop > 0)}>
      {arranged.hits.map((list, slot) => {
        const shown = slot === arranged.shown;
        return (
          <ul
            key={slot}
            ref={shown ? listRef : undefined}
            id={shown ? id : undefined}
            role={shown ? 'listbox' : undefined}
            aria-label={shown ? label : undefined}
            aria-busy={shown ? busy : undefined}
            aria-hidden={shown ? undefined : true}
            className="search-hits"
            data-ahead={shown ? undefined : ''}
            hidden={!list.length}
          >
            {list.map((hit, i) => (
              <Row
                key={`${hit.link}|${i}`}
                hit={hit}
                index={i}
                shown={shown}
                selected={shown && i === selected}
                onHover={onHover}
                onPick={onPick}
              />
            ))}
          </ul>
        );
      })}
      <div role="status" className="search-status">
        {unavailable ? (
          <div className="search-unavailable">
            <p className="search-empty-title">{texts.searchUnavailableText}</p>
            <button type="button" className="search-retry" onClick={onRetry}>
              {texts.searchRetryText}
            </button>
          </div>
        ) : noResults ? (
          <>
            <p className="search-empty-title">
              {texts.searchNoResultsText}
              {separator}
              <strong>{query}</strong>
            </p>
            <p className="search-empty-hint">{texts.searchSuggestionText}</p>
          </>
        ) : null}
      </div>
    </div>
  );
});
