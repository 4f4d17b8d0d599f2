// The query and its answer: typing schedules a search after a 150 ms debounce (an IME composition waits for
// its end; the hits are prepared in idle time meanwhile), an answer is shown only if the input still holds
// what was searched (a slower earlier search never wins), and Up/Down move the selection with wrap-around.
// The prepared hits are handed on as `upcoming`: the results list renders them hidden during the debounce, so
// that its end, when they are the answer, only has to show them. A key that acts on the hits (Enter, the
// arrows) during the debounce or a search still under way first has the answer for the text in the input
// (`settled`): readers type and press Enter in one motion.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { SearchHit } from '../../common/search/hits.ts';
import type { SearchHooks, SearchService } from './search-service.ts';

export const DEBOUNCE_MS = 150;

/** No hits, as one array: a render without an answer passes the list the same (empty) hits as the last one. */
export const NO_HITS: SearchHit[] = [];

export interface SearchQuery {
  query: string;
  /** The hits to show: none while the input is empty or before the first answer. */
  hits: SearchHit[];
  /**
   * Hits prepared for the text the input holds, before its debounce ends (never shown as such: when the search
   * answers with this very array, `hits` becomes it).
   */
  upcoming: SearchHit[];
  /** The query the shown hits answer ('' = nothing searched yet or cleared). */
  answered: string;
  /** An answer came back empty for the text in the input. */
  noResults: boolean;
  selected: number;
  select(index: number): void;
  /** Moves the selection by one, wrapping around (in the answer for the input's text: see `settled`). */
  move(step: 1 | -1): void;
  /**
   * Resolves once the shown hits answer the input's text: at once when they do, else the debounce is cut short
   * (or the search under way awaited). False when there is no such answer (the text changed meanwhile, no index).
   */
  settled(): Promise<boolean>;
  /** The input's text changed (`composing`: an IME is still composing it; the search waits). */
  input(text: string, composing: boolean): void;
  /** Forget the answers (a new index). */
  reset(): void;
}

interface Options {
  service: SearchService | undefined;
  /** The input, whose current text decides whether an answer is still wanted. */
  inputRef: RefObject<HTMLInputElement | null>;
  hooks: () => SearchHooks | undefined;
  /** Logged when there is no index to search. */
  lang: string;
}

export function useSearchQuery({ service, inputRef, hooks, lang }: Options): SearchQuery {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>(NO_HITS);
  const [answered, setAnswered] = useState('');
  const [selected, setSelected] = useState(0);
  const [upcoming, setUpcoming] = useState<SearchHit[]>(NO_HITS);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The text whose debounce runs (undefined: none), and the search under way with the text it is for. */
  const waiting = useRef<string | undefined>(undefined);
  const searching = useRef<{ text: string; done: Promise<boolean> } | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Searches for the text and shows the answer if the input still holds it; true when shown. */
  const answer = useCallback(
    async (text: string): Promise<boolean> => {
      if (!service) {
        console.error(`<doc-search>: no search index for language "${lang}"`);
        return false;
      }
      // Rendered in this task: the reader has waited out the debounce already. The first hits may show before
      // the last has come: the selection is reset once, when the answer first shows.
      let shown = false;
      const show = (found: SearchHit[]) => {
        flushSync(() => {
          setHits(found);
          setAnswered(text.trim());
          if (!shown) setSelected(0);
        });
        shown = true;
      };
      const found = await service.search(text, hooks(), (first) => inputRef.current?.value === text && show(first));
      if (inputRef.current?.value !== text) return false;
      show(found);
      return true;
    },
    [service, hooks, lang, inputRef],
  );

  const run = useCallback(
    (text: string): Promise<boolean> => {
      clearTimeout(timer.current);
      waiting.current = undefined;
      const done = answer(text);
      const current = { text, done };
      searching.current = current;
      const over = () => {
        if (searching.current === current) searching.current = undefined;
      };
      done.then(over, over);
      return done;
    },
    [answer],
  );

  const settled = useCallback(async (): Promise<boolean> => {
    const text = inputRef.current?.value ?? '';
    if (waiting.current !== undefined && waiting.current === text) return run(text);
    if (searching.current?.text === text) return searching.current.done;
    return true;
  }, [run, inputRef]);

  const input = useCallback(
    (text: string, composing: boolean) => {
      setQuery(text);
      if (composing) return;
      clearTimeout(timer.current);
      waiting.current = undefined;
      if (!text.trim()) {
        // An empty query clears at once.
        setHits(NO_HITS);
        setAnswered('');
        return;
      }
      waiting.current = text;
      timer.current = setTimeout(() => void run(text), DEBOUNCE_MS);
      // The hits are worked out meanwhile (and rendered, hidden), so that the debounce's end only shows them.
      service?.prepare(text, hooks(), (prepared) => {
        if (inputRef.current?.value === text) setUpcoming(prepared);
      });
    },
    [service, hooks, run, inputRef],
  );

  const reset = useCallback(() => {
    setHits(NO_HITS);
    setUpcoming(NO_HITS);
    setAnswered('');
  }, []);

  const visible = answered && query.trim() ? hits : NO_HITS;
  // Read when the move happens, which may be after an answer that came with the key (settled).
  const count = useRef(0);
  count.current = visible.length;
  // Stable (the field is memoised).
  const move = useCallback(
    (step: 1 | -1) =>
      void settled().then(() => {
        const n = count.current;
        if (n) setSelected((current) => (current + step + n) % n);
      }),
    [settled],
  );
  return {
    query,
    hits: visible,
    upcoming: query.trim() ? upcoming : NO_HITS,
    answered,
    noResults: answered !== '' && query.trim() !== '' && hits.length === 0,
    selected,
    select: setSelected,
    move,
    settled,
    input,
    reset,
  };
}
