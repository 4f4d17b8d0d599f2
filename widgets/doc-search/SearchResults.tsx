// The search modal's listbox: one option per hit, each a real link (middle-click opens a tab), highlighted
// ranges as <mark> around text nodes — never HTML, so a query like `<img onerror>` stays text.
import { useEffect, type RefObject } from 'react';
import { splitHighlights, type HighlightRange, type SearchHit } from '../../common/search/hits.ts';
import type { WidgetTexts } from '../../common/i18n.ts';

function Highlighted({ text, ranges }: { text: string; ranges: HighlightRange[] }) {
  return (
    <>
      {splitHighlights(text, ranges).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}

const ICONS: Record<SearchHit['type'], string> = {
  title: 'M6 2h9l5 5v15H6V2Zm2 2v16h10V8h-4V4H8Z',
  header: 'M9 3 8.3 7H5v2h3l-.7 4H4v2h3l-.7 4h2l.7-4h4l-.7 4h2l.7-4H19v-2h-3.3l.7-4H20V7h-3.3l.7-4h-2l-.7 4h-4l.7-4H9Zm1 6h4l-.7 4h-4L10 9Z',
  content: 'M4 5h16v2H4V5Zm0 4h16v2H4V9Zm0 4h16v2H4v-2Zm0 4h10v2H4v-2Z',
};

function HitIcon({ type }: { type: SearchHit['type'] }) {
  return (
    <svg className="search-hit-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d={ICONS[type]} />
    </svg>
  );
}

function HitBody({ hit }: { hit: SearchHit }) {
  if (hit.type === 'title') {
    return (
      <span className="search-hit-main">
        <Highlighted text={hit.title} ranges={hit.highlights} />
      </span>
    );
  }
  if (hit.type === 'header') {
    return (
      <>
        <span className="search-hit-main">
          <Highlighted text={hit.header} ranges={hit.highlights} />
        </span>
        <span className="search-hit-sub">{hit.title}</span>
      </>
    );
  }
  return (
    <>
      <span className="search-hit-main">{hit.header ? `${hit.title} > ${hit.header}` : hit.title}</span>
      <span className="search-hit-sub search-hit-statement">
        <Highlighted text={hit.statement ?? ''} ranges={hit.highlights} />
      </span>
    </>
  );
}

export interface SearchResultsProps {
  listRef: RefObject<HTMLUListElement | null>;
  id: string;
  hits: SearchHit[];
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

export function SearchResults({ listRef, id, hits, query, selected, busy, noResults, unavailable, onRetry, texts, label, onHover, onPick }: SearchResultsProps) {
  // Keep the selected option in view while arrowing through a long list.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [listRef, selected, hits]);

  const separator = /[\p{L}\p{N}]$/u.test(texts.searchNoResultsText) ? ' ' : '';
  return (
    <div className="search-body">
      <ul ref={listRef} id={id} role="listbox" aria-label={label} aria-busy={busy} className="search-hits" hidden={!hits.length}>
        {hits.map((hit, i) => (
          // The option is the link itself (no control nested in another): middle-click and Ctrl+click work.
          <li key={`${hit.link}|${i}`} role="none">
            <a
              id={`doc-search-option-${i}`}
              role="option"
              aria-selected={i === selected}
              className="search-hit"
              href={hit.link}
              tabIndex={-1}
              data-type={hit.type}
              onMouseMove={() => i !== selected && onHover(i)}
              onClick={(event) => {
                if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) onPick();
              }}
            >
              <HitIcon type={hit.type} />
              <span className="search-hit-text">
                <HitBody hit={hit} />
              </span>
            </a>
          </li>
        ))}
      </ul>
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
}
