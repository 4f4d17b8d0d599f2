// <doc-search>: the navbar's Search button (Ctrl K / ⌘ K) and its modal (SearchDialog.tsx). This part is
// what every page shows: the button and the shortcut. The modal, with the engine, comes from
// dialog-module.ts — at once on the docs site, on demand in the embed script (when the browser is idle or
// the reader reaches for search); a request made before it arrived opens it on arrival.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { docSearchAttributes, ElementEvents } from '../../common/elements.ts';
import type { WidgetProps } from '../platform/define.ts';
import { docsBase } from '../platform/docs-base.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { nextTask, whenIdle } from '../runtime/throttle.ts';
import { loadSearchDialog, readyDialog, type SearchDialogComponent } from './dialog-module.ts';
import { SearchButton } from './SearchButton.tsx';
import type { SearchHooks } from './search-service.ts';
import { useSearchShortcut } from './use-search-shortcut.ts';

/** The element's own API beyond attributes: `document.querySelector('doc-search').searchHooks = { … }`. */
export interface DocSearchElement extends HTMLElement {
  searchHooks?: SearchHooks;
}

/** The modal component: here at once, or loaded when idle or on `load()`. */
function useDialogModule(): { Dialog: SearchDialogComponent | undefined; load(): void } {
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
  useEffect(() => (readyDialog ? undefined : whenIdle(load)), [load]);
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
  const { Dialog, load } = useDialogModule();
  const [open, setOpen] = useState(false);

  // Once the modal is here, in a task of its own: one render of the element and its modal that changes nothing.
  // It is the first time React's update path runs for them, and the code it runs (the hooks' updates, the
  // memoised parts' comparisons) is compiled then, not in the Ctrl+K task that renders `open` (≈1 ms there).
  // At once rather than when idle: the element loads when the reader reaches for it, so Ctrl+K may come next.
  const [, rehearse] = useReducer((n: number) => n + 1, 0);
  useEffect(() => (Dialog ? nextTask(rehearse) : undefined), [Dialog]);

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
  useSearchShortcut(host, toggle, show);

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
