// The search modal of <doc-search>: a native <dialog> holding an ARIA combobox (the input) and listbox (the
// results). The behaviour lives in hooks: which index and its engine (use-search-engine.ts), the query with
// its debounce and selection (use-search-query.ts), showing and closing the dialog (use-search-dialog.ts).
// Everything here is what search needs once a reader wants it; the button and the shortcut stay in
// DocSearch.tsx, and the embed script loads this part on demand (dialog-module.embed.ts).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ElementEvents } from '../../common/elements.ts';
import type { WidgetTexts } from '../../common/i18n.ts';
import { docsUrl } from '../platform/docs-base.ts';
import { useAdoptedStyles } from '../platform/use-adopted-styles.ts';
import { useLatestCallback } from '../platform/use-latest-callback.ts';
import styles from './dialog.css?inline';
import { SearchField } from './SearchField.tsx';
import { SearchFooter } from './SearchFooter.tsx';
import { SearchResults } from './SearchResults.tsx';
import type { SearchHit } from '../../common/search/hits.ts';
import type { SearchHooks } from './search-service.ts';
import { useSearchDialog } from './use-search-dialog.ts';
import { useSearchEngine } from './use-search-engine.ts';
import { useSearchQuery } from './use-search-query.ts';

const LISTBOX_ID = 'doc-search-results';

export interface SearchDialogProps {
  /** The <doc-search> element: its shadow root takes the dialog's styles; `searchHooks` is read from it. */
  host: HTMLElement & { searchHooks?: SearchHooks };
  /** Whether the reader wants it open (the button, Ctrl/Cmd+K). */
  open: boolean;
  /** The dialog closed, whatever closed it (Esc, Cancel, the backdrop, a result). */
  onClose(): void;
  lang: string;
  texts: WidgetTexts;
  /** Accessible name of the dialog and the input. */
  label: string;
  placeholder: string;
  /** The docs site's base URL when embedded (platform/docs-base.ts): results link there. */
  base: string | undefined;
  indexUrl: string | undefined;
  /** Dispatches the element's `select` event; false when a listener cancelled it. */
  emitSelect(detail: ElementEvents['doc-search']['select']): boolean;
}

export function SearchDialog({
  host,
  open,
  onClose,
  lang,
  texts,
  label,
  placeholder,
  base,
  indexUrl,
  emitSelect,
}: SearchDialogProps) {
  useAdoptedStyles(host.shadowRoot, styles);
  const engine = useSearchEngine(lang, base, indexUrl);
  const dialog = useSearchDialog({ open, onClose, service: engine.service });
  const hooks = useCallback(() => host.searchHooks, [host]);
  const search = useSearchQuery({ service: engine.service, inputRef: dialog.input, hooks, lang });
  const list = useRef<HTMLUListElement>(null);
  /** The selection as last rendered (an answer that came with the key resets it to the first hit). */
  const selectedNow = useRef(0);
  selectedNow.current = search.selected;

  // A new index (language or version changed): the old answers no longer apply.
  const { reset } = search;
  useEffect(reset, [engine.service, reset]);

  // Embedded, a result opens the docs site's page, never a path on the host page. Each list is mapped once, so
  // that the prepared hits and the answer made of them stay one array (the list only shows what it prepared).
  const onDocsSite = useMemo(() => {
    const mapped = new WeakMap<SearchHit[], SearchHit[]>();
    return (list: SearchHit[]) => {
      if (!base || !list.length) return list;
      let linked = mapped.get(list);
      if (!linked) mapped.set(list, (linked = list.map((hit) => ({ ...hit, link: docsUrl(hit.link, base) }))));
      return linked;
    };
  }, [base]);
  const hits = onDocsSite(search.hits);
  const failed = engine.state === 'failed';

  // The engine came up after a failure (a retry): answer what the input holds now. Not on a first start: a search
  // that waited for the engine answers by itself, and asking again would restart its debounce.
  const { input: searchInput } = search;
  const failedBefore = useRef(false);
  useEffect(() => {
    if (engine.state === 'failed') failedBefore.current = true;
    if (engine.state !== 'inited' || !failedBefore.current) return;
    failedBefore.current = false;
    const text = dialog.input.current?.value ?? '';
    if (text.trim()) searchInput(text, false);
    // Only a change of state asks again, not every keystroke.
  }, [engine.state]);

  const choose = useLatestCallback((index: number) => {
    const hit = hits[index];
    const link = list.current?.querySelectorAll<HTMLAnchorElement>('a.search-hit')[index];
    if (!hit || !link) return;
    if (!emitSelect({ hit })) return;
    dialog.hide();
    // A click on the result's link: the client router takes it, or the browser follows it.
    link.click();
  });
  // Enter during the debounce (or a search under way) opens the first hit of the answer for the text typed.
  const { settled } = search;
  const enter = useCallback(() => {
    const before = dialog.input.current?.value;
    void settled().then((current) => {
      if (current && dialog.input.current?.value === before) choose(selectedNow.current);
    });
  }, [choose, settled, dialog.input]);
  const { service } = engine;
  const retry = useCallback(() => void service?.init(), [service]);

  const showing = hits.length > 0;
  return (
    <dialog
      ref={dialog.dialog}
      className="search-dialog"
      aria-label={label}
      data-engine={engine.state}
      onClose={dialog.onClose}
      // A click on the backdrop lands on the <dialog> itself (its content fills a child).
      onClick={(event) => event.target === dialog.dialog.current && dialog.hide()}
    >
      <div className="search-panel">
        <SearchField
          inputRef={dialog.input}
          label={label}
          placeholder={placeholder}
          value={search.query}
          listboxId={LISTBOX_ID}
          activeOption={showing ? `doc-search-option-${search.selected}` : undefined}
          cancelText={texts.searchCancelText}
          onInput={search.input}
          onMove={search.move}
          onEnter={enter}
          onCancel={dialog.hide}
        />
        <SearchResults
          listRef={list}
          id={LISTBOX_ID}
          hits={hits}
          upcoming={onDocsSite(search.upcoming)}
          query={search.answered}
          selected={search.selected}
          busy={engine.state === 'initing'}
          noResults={search.noResults && !failed}
          unavailable={failed}
          onRetry={retry}
          texts={texts}
          label={label}
          onHover={search.select}
          onPick={dialog.hide}
        />
        <SearchFooter texts={texts} />
      </div>
    </dialog>
  );
}
