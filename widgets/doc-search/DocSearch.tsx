// <doc-search>: the navbar's Search button (Ctrl K / ⌘ K) and its modal, a native <dialog> holding an ARIA
// combobox (the input) and listbox (the results). The behaviour lives in hooks: which index and its engine
// (use-search-engine.ts), the query with its debounce and selection (use-search-query.ts), the dialog and
// its shortcut (use-search-dialog.ts); this component wires them to the presentational parts.
import { useCallback, useEffect, useRef } from 'react';
import { docSearchAttributes, type ElementEvents } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { SearchButton, SearchField } from './SearchControls.tsx';
import { SearchFooter } from './SearchFooter.tsx';
import { SearchResults } from './SearchResults.tsx';
import type { SearchHooks } from './search-service.ts';
import { useSearchDialog } from './use-search-dialog.ts';
import { useSearchEngine } from './use-search-engine.ts';
import { useSearchQuery } from './use-search-query.ts';

/** The element's own API beyond attributes: `document.querySelector('doc-search').searchHooks = { … }`. */
export interface DocSearchElement extends HTMLElement {
  searchHooks?: SearchHooks;
}

const LISTBOX_ID = 'doc-search-results';

export function DocSearch({ lang, label, placeholder, indexUrl, engineUrl, widget }: WidgetProps<typeof docSearchAttributes, ElementEvents['doc-search']>) {
  const host = widget.host as DocSearchElement;
  const language = widgetLang(host, lang);
  const texts = widgetTexts(language);
  const engine = useSearchEngine(language, indexUrl, engineUrl);
  const dialog = useSearchDialog(host, engine.service);
  const hooks = useCallback(() => host.searchHooks, [host]);
  const search = useSearchQuery({ service: engine.service, inputRef: dialog.input, hooks, lang: language });
  const list = useRef<HTMLUListElement>(null);

  // A new index (language or version changed): the old answers no longer apply.
  const { reset } = search;
  useEffect(reset, [engine.service, reset]);

  const choose = (index: number) => {
    const hit = search.hits[index];
    const link = list.current?.querySelectorAll<HTMLAnchorElement>('a.search-hit')[index];
    if (!hit || !link) return;
    if (!widget.emit('select', { hit })) return;
    dialog.hide();
    // A click on the result's link: the client router takes it, or the browser follows it.
    link.click();
  };

  const name = label || texts.searchText;
  const showing = search.hits.length > 0;
  return (
    <>
      <SearchButton label={name} expanded={dialog.open} onOpen={dialog.show} />
      <dialog
        ref={dialog.dialog}
        className="search-dialog"
        aria-label={name}
        data-engine={engine.state}
        onClose={dialog.onClose}
        // A click on the backdrop lands on the <dialog> itself (its content fills a child).
        onClick={(event) => event.target === dialog.dialog.current && dialog.hide()}
      >
        <div className="search-panel">
          <SearchField
            inputRef={dialog.input}
            label={name}
            placeholder={placeholder || texts.searchPlaceholderText}
            value={search.query}
            listboxId={LISTBOX_ID}
            activeOption={showing ? `doc-search-option-${search.selected}` : undefined}
            cancelText={texts.searchCancelText}
            onInput={search.input}
            onMove={search.move}
            onEnter={() => choose(search.selected)}
            onCancel={dialog.hide}
          />
          <SearchResults
            listRef={list}
            id={LISTBOX_ID}
            hits={search.hits}
            query={search.answered}
            selected={search.selected}
            busy={engine.state === 'initing'}
            noResults={search.noResults}
            texts={texts}
            label={name}
            onHover={search.select}
            onPick={dialog.hide}
          />
          <SearchFooter texts={texts} />
        </div>
      </dialog>
    </>
  );
}
