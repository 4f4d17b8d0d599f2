// <doc-search>: the navbar's Search button (Ctrl K / ⌘ K) and its modal — a native <dialog> holding an
// ARIA combobox (the input) and listbox (the results). Ctrl/Cmd+K toggles, Esc closes, Up/Down move with
// wrap-around, Enter opens the selected result (not while an IME composes); 150 ms debounce; stale
// responses are dropped; the engine starts on first open and its index is prefetched when idle.
import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { SearchIcon } from '../../common/icons.tsx';
import type { SearchHit } from '../../common/search/hits.ts';
import { searchIndexKey } from '../../common/search/record.ts';
import { attr } from '../platform/attributes.ts';
import type { WidgetProps } from '../platform/define.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { PAGE_CHANGE } from '../runtime/events.ts';
import { readSiteData } from '../runtime/site-data.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { SearchResults } from './SearchResults.tsx';
import { dropService, serviceFor, type EngineState, type SearchHooks } from './search-service.ts';
import { SEARCH_REQUESTED, isSearchShortcut } from './shortcut.ts';

export const docSearchAttributes = {
  /** Index and UI language; default: the page's. */
  lang: attr.string,
  /** The button's text and the dialog's accessible name; default: "Search" in the language. */
  label: attr.string,
  /** The input's placeholder; default: "Search docs" in the language. */
  placeholder: attr.string,
  /** Records file to search (embedding pages); default: the site's index for the language and version. */
  indexUrl: attr.string,
  /** Prebuilt MiniSearch index; default: the file named like the records (`search_engine.…`), if any. */
  engineUrl: attr.string,
};

export const DEBOUNCE_MS = 150;

/** The element's own API beyond attributes: `document.querySelector('doc-search').searchHooks = { … }`. */
export interface DocSearchElement extends HTMLElement {
  searchHooks?: SearchHooks;
}

const isMac = () => /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);

/** The element that has focus, looking inside shadow roots (focus goes back there on close). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

function resolveIndexUrl(lang: string, attribute: string | undefined): string | undefined {
  if (attribute) return attribute;
  const site = readSiteData();
  return site.searchIndex[searchIndexKey(lang, site.version)] ?? site.searchIndex[lang];
}

export function DocSearch({ lang, label, placeholder, indexUrl, engineUrl, widget }: WidgetProps<typeof docSearchAttributes>) {
  const host = widget.host as DocSearchElement;
  const language = widgetLang(host, lang);
  const texts = widgetTexts(language);
  // Page changes can change the version (and so the index) without touching our attributes.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    document.addEventListener(PAGE_CHANGE, refresh);
    return () => document.removeEventListener(PAGE_CHANGE, refresh);
  }, []);
  const recordsUrl = resolveIndexUrl(language, indexUrl);
  const service = recordsUrl ? serviceFor(recordsUrl, engineUrl) : undefined;

  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const composing = useRef(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  /** The query the shown hits answer ('' = nothing searched yet or cleared). */
  const [answered, setAnswered] = useState('');
  const [selected, setSelected] = useState(0);
  const [engineState, setEngineState] = useState<EngineState>(service?.state ?? 'initial');

  // A new index (language or version changed): forget the old answers, follow the new engine's state.
  useEffect(() => {
    setHits([]);
    setAnswered('');
    setEngineState(service?.state ?? 'initial');
    if (!service) return undefined;
    const stop = service.onStateChange(setEngineState);
    const cancelIdle = whenIdle(() => void service.prefetch().catch(() => {}));
    return () => {
      stop();
      cancelIdle();
      dropService(service, engineUrl);
    };
  }, [service, engineUrl]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const runSearch = useCallback(
    async (text: string) => {
      if (!service) {
        console.error(`<doc-search>: no search index for language "${language}"`);
        return;
      }
      const found = await service.search(text, host.searchHooks);
      // Only if the input still says what was searched: a slower earlier search must not win.
      if (input.current?.value !== text) return;
      // Rendered in this task: the reader has waited out the debounce already.
      flushSync(() => {
        setHits(found);
        setAnswered(text.trim());
        setSelected(0);
      });
    },
    [service, host, language],
  );

  const schedule = (text: string) => {
    clearTimeout(timer.current);
    if (!text.trim()) {
      // An empty query clears at once.
      setHits([]);
      setAnswered('');
      return;
    }
    timer.current = setTimeout(() => void runSearch(text), DEBOUNCE_MS);
  };

  const show = useCallback(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    returnFocus.current = deepActiveElement();
    el.showModal();
    setOpen(true);
    void service?.init();
    input.current?.focus();
    input.current?.select();
  }, [service]);

  const hide = useCallback(() => {
    const el = dialog.current;
    if (el?.open) el.close();
  }, []);

  // The dialog closed (Esc, Cancel, a result, Ctrl+K): focus goes back where it was.
  const onClose = () => {
    setOpen(false);
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };

  // Ctrl/Cmd+K toggles; only the page's first <doc-search> answers, so two widgets never both open.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      if (document.querySelector('doc-search') !== host) return;
      event.preventDefault();
      if (dialog.current?.open) hide();
      else show();
    };
    document.addEventListener('keydown', onKey);
    // Ctrl/Cmd+K pressed before this widget's code had loaded (widgets/index.ts marks it): open now.
    if (document.documentElement.hasAttribute(SEARCH_REQUESTED) && document.querySelector('doc-search') === host) {
      document.documentElement.removeAttribute(SEARCH_REQUESTED);
      show();
    }
    return () => document.removeEventListener('keydown', onKey);
  }, [host, show, hide]);

  const visibleHits = answered && query.trim() ? hits : [];

  const choose = (index: number) => {
    const hit = visibleHits[index];
    const link = list.current?.querySelectorAll<HTMLAnchorElement>('a.search-hit')[index];
    if (!hit || !link) return;
    if (!widget.emit('select', { hit })) return;
    hide();
    // A click on the result's link: the client router takes it, or the browser follows it.
    link.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = visibleHits.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!count) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((selected + step + count) % count);
    } else if (event.key === 'Enter') {
      // Enter also confirms an IME candidate: that must not open a result.
      if (event.nativeEvent.isComposing || composing.current || event.keyCode === 229) return;
      event.preventDefault();
      choose(selected);
    }
  };

  const kbd = isMac() ? '⌘ K' : 'Ctrl K';
  const buttonLabel = label || texts.searchText;
  const listboxId = 'doc-search-results';
  const expanded = visibleHits.length > 0;
  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={show}
      >
        <SearchIcon />
        <span className="search-label">{buttonLabel}</span>
        <kbd className="search-kbd">{kbd}</kbd>
      </button>
      <dialog
        ref={dialog}
        className="search-dialog"
        aria-label={buttonLabel}
        data-engine={engineState}
        onClose={onClose}
        // A click on the backdrop lands on the <dialog> itself (its content fills a child).
        onClick={(event) => event.target === dialog.current && hide()}
      >
        <div className="search-panel">
          <div className="search-header">
            <label className="search-field">
              <SearchIcon />
              <input
                ref={input}
                type="text"
                role="combobox"
                aria-label={buttonLabel}
                aria-expanded={expanded}
                aria-controls={listboxId}
                aria-autocomplete="list"
                aria-activedescendant={expanded ? `doc-search-option-${selected}` : undefined}
                placeholder={placeholder || texts.searchPlaceholderText}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="off"
                spellCheck={false}
                enterKeyHint="go"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  if (!composing.current) schedule(event.target.value);
                }}
                onCompositionStart={() => {
                  composing.current = true;
                }}
                onCompositionEnd={(event) => {
                  composing.current = false;
                  schedule(event.currentTarget.value);
                }}
                onKeyDown={onKeyDown}
              />
            </label>
            <button type="button" className="search-cancel" onClick={hide}>
              {texts.searchCancelText}
            </button>
          </div>
          <SearchResults
            listRef={list}
            id={listboxId}
            hits={visibleHits}
            query={answered}
            selected={selected}
            busy={engineState === 'initing'}
            noResults={answered !== '' && query.trim() !== '' && hits.length === 0}
            texts={texts}
            label={buttonLabel}
            onHover={setSelected}
            onPick={hide}
          />
        </div>
      </dialog>
    </>
  );
}
