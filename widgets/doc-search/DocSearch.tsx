// <doc-search>: the navbar's Search button (Ctrl K / ⌘ K) and its modal (SearchDialog.tsx). This part is
// what every page shows: the button and the shortcut. The modal, with the engine, comes from
// dialog-module.ts — at once on the docs site, on demand in the embed script (when the browser is idle or
// the reader reaches for search); a request made before it arrived opens it on arrival.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { docSearchAttributes, ElementEvents } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { docsBase } from '../platform/docs-base.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { whenIdle } from '../runtime/throttle.ts';
import { loadSearchDialog, readyDialog, type SearchDialogComponent } from './dialog-module.ts';
import { SearchButton } from './SearchButton.tsx';
import type { SearchHooks } from './search-service.ts';
import { useSearchRequest, useSearchShortcut } from './use-search-shortcut.ts';

/** The element's own API beyond attributes: `document.querySelector('doc-search').searchHooks = { … }`. */
export interface DocSearchElement extends HTMLElement {
  searchHooks?: SearchHooks;
}

/** The modal component: here at once, or loaded when idle (at once when `now`) or on `load()`. */
function useDialogModule(now: boolean): { Dialog: SearchDialogComponent | undefined; load(): void } {
  const [Dialog, setDialog] = useState(() => readyDialog);
  const load = useCallback(() => {
    loadSearchDialog().then(
      (component) => setDialog(() => component),
      (error: unknown) =>
        console.error(
          `<doc-search>: could not load the search dialog (${error instanceof Error ? error.message : String(error)})`,
        ),
    );
  }, []);
  useEffect(() => {
    if (readyDialog) return;
    if (now) load();
    else return whenIdle(load);
  }, [load, now]);
  return { Dialog, load };
}

export function DocSearch({
  lang,
  label,
  placeholder,
  indexUrl,
  docsBase: baseAttribute,
  widget,
}: WidgetProps<typeof docSearchAttributes, ElementEvents['doc-search']>) {
  const host = widget.host as DocSearchElement;
  const language = widgetLang(host, lang);
  const texts = widgetTexts(language);
  // Read when the element renders, as the other widgets do: a bad docs-base is reported then, not at the first search.
  const base = docsBase(baseAttribute, host.localName);
  const requested = useSearchRequest(host);
  const { Dialog, load } = useDialogModule(requested);
  const [open, setOpen] = useState(requested);

  // Rendered in the key's or click's own task: the modal opens (and takes focus) before it ends. Closed by Esc a
  // moment ago, the dialog's close event (a task of its own) may still be to come, with `open` still true here:
  // `open` first catches up with the dialog, so that the key or click opens it again.
  const counted = useRef(open);
  counted.current = open;
  const catchUp = useCallback(() => {
    const dialog = host.shadowRoot?.querySelector('dialog');
    if (counted.current && dialog && !dialog.open) flushSync(() => setOpen(false));
  }, [host]);
  const show = useCallback(() => {
    catchUp();
    flushSync(() => setOpen(true));
    load();
  }, [catchUp, load]);
  const toggle = useCallback(() => {
    catchUp();
    flushSync(() => setOpen((was) => !was));
    load();
  }, [catchUp, load]);
  useSearchShortcut(host, toggle);

  const name = label || texts.searchText;
  return (
    <>
      <SearchButton label={name} expanded={open} onOpen={show} onIntent={load} />
      {Dialog ? (
        <Dialog
          host={host}
          open={open}
          onClose={() => setOpen(false)}
          lang={language}
          texts={texts}
          label={name}
          placeholder={placeholder || texts.searchPlaceholderText}
          base={base}
          indexUrl={indexUrl}
          emitSelect={(detail) => widget.emit('select', detail)}
        />
      ) : null}
    </>
  );
}
