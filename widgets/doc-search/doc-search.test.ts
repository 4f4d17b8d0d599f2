// <doc-search>: the button, Ctrl/Cmd+K, Esc, arrows with wrap-around, Enter (and not while an IME
// composes), the debounce, stale responses, the query cache, engine states, the index's files (its entry, the
// chunks a query needs, the hits' page files) and what happens when one fails, the hooks, escaping, routes that
// would leave the site, language and version change, the manifest, and the ARIA combobox/listbox wiring.
import { deepEqual, equal, includes, match, ok } from '../../test/support/assert.ts';
import {
  captureConsole,
  cleanup,
  inShadow,
  mount,
  shadowAll,
  stub,
  upgraded,
  waitFor,
} from '../../test/support/dom.ts';
import { installFakeTimers, settle, type FakeClock } from '../../test/support/fake-timers.ts';
import { shardRecords } from '../../common/search/shard-files.ts';
import { SHARD_FORMAT } from '../../common/search/shards.ts';
import type { SearchHit } from '../../common/search/hits.ts';
import type { SearchManifest, SearchRecord } from '../../common/search/record.ts';
import { PAGE_CHANGE } from '../runtime/events.ts';
import type { DocSearchElement } from './DocSearch.tsx';
import { DEBOUNCE_MS } from './use-search-query.ts';
import './element.ts';
import { CACHE_SIZE, FETCH_FAILED_MESSAGE, FETCH_TIMEOUT_MS, serviceFor } from './search-service.ts';

const page = (id: number, title: string, content: string, toc: SearchRecord['toc'] = []): SearchRecord => ({
  id,
  routePath: `/docs/${title.replace(/\W+/g, '-').toLowerCase()}`,
  title,
  content,
  toc,
  lang: 'en',
  version: '',
});

const EN: SearchRecord[] = [
  page(0, 'retry', 'Re-run failing tests. Set retry: 2 in the config.', [
    { text: 'Per-file override', id: 'per-file', depth: 2, charIndex: 20 },
  ]),
  page(1, 'Hooks', 'beforeEach and afterEach hooks. Hooks run again on retry.'),
  page(2, 'Expect', 'toHaveBeenCalledWith checks the call; markup like <img src=x onerror=alert(1)> is text.'),
  ...Array.from({ length: 9 }, (_, i) => page(3 + i, `Page ${i}`, `Words about retry number ${i} and more words.`)),
];
const ZH: SearchRecord[] = [page(0, '重试', '失败的测试会重新运行。'), page(1, '快照', '更新快照文件。')].map((r) => ({
  ...r,
  lang: 'zh',
}));
/** A word of letters only (`a`, `b`, …, `ba`, …): the tokenizer keeps it whole. */
const letters = (n: number): string =>
  (n >= 26 ? letters(Math.floor(n / 26)) : '') + String.fromCharCode(97 + (n % 26));
/** EN and four glossary pages of 150 words no query here types: an index of several chunks. */
const LARGE: SearchRecord[] = [
  ...EN,
  ...Array.from({ length: 4 }, (_, i) =>
    page(
      EN.length + i,
      `Glossary ${i}`,
      Array.from({ length: 150 }, (_, j) => `gloss${letters(i * 150 + j)}`).join(' '),
    ),
  ),
];
/** Pages whose routes would leave the site, each titled "retry": they outrank every page of EN for "retry". */
const HOSTILE: SearchRecord[] = [
  'https://evil.example/',
  '//evil.example/',
  '/\\evil.example/',
  'javascript:alert(1)',
  ' //evil.example/',
  '/\t/evil.example/',
  'data:text/html,x',
].map((routePath, i) => ({ ...page(i, 'retry', 'retry retry retry'), routePath }));

/** The docs site's search manifest, as the build writes it (file names relative to it). */
const MANIFEST: SearchManifest = {
  lang: 'en',
  version: '',
  indexes: {
    en: { records: 'search_index.en.m1.json', index: 'search/en.m1/index.json' },
    zh: { records: 'search_index.zh.m1.json', index: 'search/zh.m1/index.json' },
  },
};

/** Which records the English index is made of: EN, EN with glossary pages (several chunks), or HOSTILE then EN. */
type Corpus = 'en' | 'large' | 'hostile';
const CORPORA: Record<Corpus | 'zh', SearchRecord[]> = {
  en: EN,
  large: LARGE,
  // The ids of an index's records are their positions.
  hostile: [...HOSTILE, ...EN].map((r, i) => ({ ...r, id: i })),
  zh: ZH,
};
const built = new Map<string, Map<string, string>>();
/** The files of an index of those records, as the build writes them (name in its folder → JSON). */
function indexFiles(corpus: Corpus | 'zh'): Map<string, string> {
  let files = built.get(corpus);
  if (!files) {
    files = shardRecords(CORPORA[corpus], corpus === 'zh' ? 'zh' : 'en', '');
    built.set(corpus, files);
  }
  return files;
}

const isEntry = (url: string) => /\/search\/(en|zh)\.[^/]+\/index\.json$/.test(url);
const isChunk = (url: string) => /\/search\/(en|zh)\.[^/]+\/c\d+\.json$/.test(url);
const isPage = (url: string) => /\/search\/(en|zh)\.[^/]+\/p\d+\.json$/.test(url);

const restores: (() => void)[] = [];
let fetches: string[] = [];
/** Each request's signal, by URL (the last asked). */
const signals = new Map<string, AbortSignal | undefined>();
/** When set, each answer waits until the test calls `go`. */
let hold: ((go: () => void, url: string) => void) | undefined;
/** Every request fails as a network error does. */
let failing = false;
let corpus: Corpus = 'en';
/** What the entry (`index.json`) answers: itself, a 404, nothing ever, damaged JSON, or an entry of another format. */
let entry: 'ok' | 'missing' | 'hang' | 'bad-json' | 'other-format' = 'ok';
/** The chunk files (`c{n}.json`) fail as a network error does. */
let chunksFail = false;
/**
 * What the English index's page file `p0.json` (the page "retry") holds: its record, damaged JSON, JSON that is no
 * record, or the record with a route that leaves the site.
 */
let page0: 'ok' | 'bad-json' | 'not-a-record' | 'off-site' = 'ok';
let serial = 0;

const respond = (body: string, status = 200) => Promise.resolve(new Response(body, { status }));

/** fetch for the search files: the manifest, and the index files under `…/search/{lang}.{hash}/`; a 404 for any other. */
function fakeFetch(): void {
  restores.push(
    stub(window, 'fetch', ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      fetches.push(url);
      signals.set(url, init?.signal ?? undefined);
      const answer = (): Promise<Response> => {
        if (failing) return Promise.reject(new TypeError('Failed to fetch'));
        if (url.endsWith('/static/search-manifest.json')) return respond(JSON.stringify(MANIFEST));
        const file = /\/search\/(en|zh)\.[^/]+\/([^/]+)$/.exec(url);
        if (!file) return respond('missing', 404);
        const [, lang, name] = file;
        const files = indexFiles(lang === 'zh' ? 'zh' : corpus);
        if (name === 'index.json' && entry !== 'ok') {
          if (entry === 'missing') return respond('missing', 404);
          if (entry === 'hang') return new Promise<Response>(() => {});
          if (entry === 'bad-json') return respond('{"docsSearch": 5, "chunks": [');
          return respond(JSON.stringify({ ...JSON.parse(files.get(name)!), docsSearch: SHARD_FORMAT - 1 }));
        }
        if (chunksFail && /^c\d+\.json$/.test(name)) return Promise.reject(new TypeError('Failed to fetch'));
        if (name === 'p0.json' && lang === 'en' && page0 !== 'ok') {
          if (page0 === 'bad-json') return respond('{"title": "retry", "routePath": "/do');
          if (page0 === 'not-a-record') return respond(JSON.stringify({ title: 'retry', content: 7 }));
          return respond(JSON.stringify({ ...EN[0], routePath: '//evil.example/' }));
        }
        const body = files.get(name);
        return body === undefined ? respond('missing', 404) : respond(body);
      };
      if (!hold) return answer();
      return new Promise<Response>((resolve, reject) => hold!(() => void answer().then(resolve, reject), url));
    }) as typeof window.fetch),
  );
}

/** A fresh index (its entry file's URL) per test: the engine, its cache and the files it holds are kept per URL. */
const indexUrl = (lang = 'en') => `/static/search/${lang}.t${++serial}/index.json`;

async function widget(attrs = `lang="en" index-url="${indexUrl()}"`): Promise<DocSearchElement> {
  const box = mount(
    `<button id="before">before</button><doc-search ${attrs}><a class="search-button" href="#">Search <kbd>Ctrl K</kbd></a></doc-search>`,
  );
  return upgraded(box.querySelector<DocSearchElement>('doc-search')!);
}

const dialog = (el: HTMLElement) => inShadow<HTMLDialogElement>(el, 'dialog')!;
const input = (el: HTMLElement) => inShadow<HTMLInputElement>(el, 'input')!;
const options = (el: HTMLElement) => shadowAll(el, '[role="option"]');
const unavailable = (el: HTMLElement) => inShadow(el, '.search-unavailable');
const selectedText = (el: HTMLElement) => inShadow(el, '[role="option"][aria-selected="true"]')?.textContent ?? '';
const deepFocus = () => {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

function key(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

/** Sets the input's value as typing would (React listens to `input` events). */
function type(el: HTMLElement, text: string): void {
  const field = input(el);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

async function open(_el: HTMLElement): Promise<void> {
  key(document.body, { key: 'k', ctrlKey: true });
  await settle();
}

async function search(el: HTMLElement, clock: FakeClock, text: string): Promise<void> {
  type(el, text);
  await clock.tick(DEBOUNCE_MS);
  await settle(5);
}

/** Records the links the widget follows instead of leaving the test page. */
function catchNavigation(): string[] {
  const followed: string[] = [];
  const onClick = (event: MouseEvent) => {
    const a = event.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
    if (!a) return;
    event.preventDefault();
    followed.push(a.getAttribute('href')!);
  };
  document.addEventListener('click', onClick, true);
  restores.push(() => document.removeEventListener('click', onClick, true));
  return followed;
}

describe('<doc-search>', () => {
  let clock: FakeClock | undefined;
  const useClock = () => (clock = installFakeTimers());
  /** A widget opened with its engine up and the fake clock on; each page file is held until the test calls its `go`. */
  async function openHoldingPages(): Promise<{ el: DocSearchElement; pagesHeld: (() => void)[] }> {
    const pagesHeld: (() => void)[] = [];
    hold = (go, url) => (isPage(url) ? pagesHeld.push(go) : go());
    const el = await widget();
    await open(el);
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the engine to start');
    useClock();
    return { el, pagesHeld };
  }
  beforeEach(() => {
    fetches = [];
    hold = undefined;
    failing = false;
    corpus = 'en';
    entry = 'ok';
    chunksFail = false;
    page0 = 'ok';
    fakeFetch();
  });
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    for (const el of document.querySelectorAll('doc-search')) el.shadowRoot?.querySelector('dialog')?.close();
    for (const restore of restores.splice(0)) restore();
    cleanup();
    delete document.documentElement.dataset.site;
  });

  it('is a Search button with the Ctrl K hint, and a "Search docs" input; Chinese labels for lang="zh"', async () => {
    const el = await widget();
    const button = inShadow<HTMLButtonElement>(el, '.search-button')!;
    match(button.textContent!, /^Search(Ctrl K|⌘ K)$/);
    equal(button.getAttribute('aria-haspopup'), 'dialog');
    equal(input(el).placeholder, 'Search docs');
    const zh = await widget(`lang="zh" index-url="${indexUrl('zh')}"`);
    equal(inShadow(zh, '.search-label')!.textContent, '搜索');
    equal(input(zh).placeholder, '搜索文档');
    equal(inShadow(zh, '.search-cancel')!.textContent, '取消');
  });

  it('is as tall as its server-rendered fallback in the navbar row (no layout shift)', async () => {
    const box = mount(
      `<style>.fb{box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:36px;padding:0 10px;border:1px solid;font-size:14px}</style>` +
        `<div style="display:flex;align-items:center"><doc-search lang="en" index-url="${indexUrl()}"><a class="fb" href="#">Search</a></doc-search></div>`,
    );
    const el = box.querySelector<HTMLElement>('doc-search')!;
    const before = el.getBoundingClientRect().height;
    await upgraded(el);
    equal(el.getBoundingClientRect().height, before);
  });

  it('Ctrl+K and Cmd+K toggle the modal; the engine starts on first open (initial → initing → inited)', async () => {
    const gates: (() => void)[] = [];
    hold = (go) => gates.push(go);
    const el = await widget();
    equal(dialog(el).dataset.engine, 'initial');
    ok(!dialog(el).open);
    const event = key(document.body, { key: 'k', ctrlKey: true });
    ok(event.defaultPrevented, 'the browser shortcut is taken');
    await settle();
    ok(dialog(el).open);
    equal(deepFocus(), input(el), 'focus moves into the input');
    equal(dialog(el).dataset.engine, 'initing');
    // The entry answers only now: the engine is up once it has.
    await waitFor(() => {
      for (const go of gates.splice(0)) go();
      return dialog(el).dataset.engine === 'inited';
    }, 'the engine to start');
    key(document.body, { key: 'K', metaKey: true });
    await settle();
    ok(!dialog(el).open, 'Cmd+K closes it again');
  });

  it("prefetches the index's entry when the browser is idle, without starting the engine", async () => {
    const url = indexUrl();
    const el = await widget(`lang="en" index-url="${url}"`);
    await waitFor(() => fetches.length >= 1, 'the idle prefetch');
    await settle(3);
    deepEqual(fetches, [url], 'the entry alone');
    equal(dialog(el).dataset.engine, 'initial');
    await open(el);
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the engine to start');
    deepEqual(fetches, [url], 'opening uses the prefetched entry');
  });

  it("a first search fetches the entry, then only the chunks the query needs, then its hits' pages; never a records file", async () => {
    corpus = 'large';
    const chunkCount = [...indexFiles('large').keys()].filter((name) => /^c\d+\.json$/.test(name)).length;
    const url = indexUrl();
    const el = await widget(`lang="en" index-url="${url}"`);
    await open(el);
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the engine to start');
    deepEqual(fetches, [url], 'no chunk and no page before a query');
    useClock();
    await search(el, clock!, 'toHaveBeenCalledWith');
    await waitFor(() => options(el).length, 'results');
    includes(options(el)[0].textContent!, 'checks the call');
    const kinds = fetches.map((u) => (isEntry(u) ? 'entry' : isChunk(u) ? 'chunk' : isPage(u) ? 'page' : u));
    const order = ['entry', 'chunk', 'page'];
    deepEqual(
      kinds,
      [...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      `in order: ${fetches.join(', ')}`,
    );
    const chunks = fetches.filter(isChunk);
    ok(chunks.length >= 1 && chunks.length < chunkCount, `${chunks.length} of the ${chunkCount} chunks`);
    equal(new Set(chunks).size, chunks.length, 'each chunk once');
    equal(fetches.filter(isPage).length, options(el).length, "the shown hits' pages, no other");
    ok(!fetches.some((u) => u.includes('search_index')), 'never the records file');
  });

  it("fetches the hits' page files side by side, and each once: a later search showing the same page reuses it", async () => {
    const { el, pagesHeld } = await openHoldingPages();
    type(el, 'retry');
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => pagesHeld.length, 'the page files asked for');
    await settle(5);
    const asked = fetches.filter(isPage);
    equal(asked.length, 7, `every shown hit's page asked for before any answered: ${asked.join(', ')}`);
    equal(new Set(asked).size, 7);
    equal(options(el).length, 0, 'nothing shown before the pages came');
    for (const go of pagesHeld.splice(0)) go();
    await waitFor(() => options(el).length === 7, 'the seven hits');
    hold = undefined;
    await search(el, clock!, 'hooks');
    await waitFor(() => options(el)[0]?.textContent?.includes('Hooks'), 'the hit "Hooks"');
    await search(el, clock!, 'beforeEach');
    await waitFor(
      () => shadowAll(el, 'a.search-hit mark').some((m) => m.textContent === 'beforeEach'),
      'the hit "Hooks" for beforeEach',
    );
    equal(fetches.filter((u) => /\/p1\.json$/.test(u)).length, 1, `p1.json once: ${fetches.join(', ')}`);
    ok(!fetches.some((u) => u.includes('search_index')), 'never the records file');
  });

  it('shows the leading hits as their page files come, in rank order, without waiting for the last', async () => {
    const { el, pagesHeld } = await openHoldingPages();
    type(el, 'retry');
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => pagesHeld.length === 7, "the hits' page files asked for");
    const texts = () => options(el).map((o) => o.textContent);
    // The second hit's page comes first: it has no place to show in before the first hit's.
    pagesHeld[1]();
    await settle(5);
    equal(options(el).length, 0, 'no hit shown ahead of one ranked above it');
    pagesHeld[0]();
    await waitFor(() => options(el).length === 2, 'the first two hits');
    includes(texts()[0]!, 'retry');
    for (const go of pagesHeld.slice(2, 6)) go();
    await waitFor(() => options(el).length === 6, 'six hits while the seventh page still comes');
    const six = texts();
    pagesHeld[6]();
    await waitFor(() => options(el).length === 7, 'all seven hits');
    deepEqual(texts().slice(0, 6), six, 'the hits shown stay where they were');
  });

  it('with an onSearch hook, shows nothing until every page has come (the hook sees all the hits)', async () => {
    const { el, pagesHeld } = await openHoldingPages();
    el.searchHooks = { onSearch: (_q, hits) => hits.slice(0, 3) };
    type(el, 'retry');
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => pagesHeld.length === 7, "the hits' page files asked for");
    for (const go of pagesHeld.slice(0, 6)) go();
    await settle(5);
    equal(options(el).length, 0, 'nothing before the hook has run');
    pagesHeld[6]();
    await waitFor(() => options(el).length === 3, "the hook's three hits");
  });

  it('a query typed over stops the page files it still waits for, unless the query typed since wants them too', async () => {
    const { el, pagesHeld } = await openHoldingPages();
    // "retry" is prepared during its debounce: its hits' pages are asked for, and do not come.
    type(el, 'retry');
    await waitFor(() => fetches.some(isPage), 'the page files of "retry" asked for');
    await settle(5);
    const first = fetches.filter(isPage);
    // Typed over before its debounce ended.
    type(el, 'beforeEach');
    await clock!.tick(DEBOUNCE_MS);
    await settle(5);
    const second = new Set(fetches.filter(isPage).filter((u) => !first.includes(u)));
    const kept = first.filter((u) => !second.has(u) && !signals.get(u)?.aborted);
    const stopped = first.filter((u) => signals.get(u)?.aborted);
    ok(stopped.length > 0, `some of ${first.join(', ')} stopped`);
    // p1.json (the page "Hooks") is a hit of both: asked for once, and not stopped.
    equal(fetches.filter((u) => /\/p1\.json$/.test(u)).length, 1, fetches.join(', '));
    ok(!signals.get(first.find((u) => /\/p1\.json$/.test(u))!)?.aborted, 'the page both want goes on');
    equal(kept.length, 0, `every other page of "retry" stopped: ${kept.join(', ')}`);
    for (const go of pagesHeld.splice(0)) go();
    await waitFor(
      () => shadowAll(el, 'a.search-hit mark').some((m) => m.textContent === 'beforeEach'),
      'the hits of "beforeEach"',
    );
    equal(dialog(el).dataset.engine, 'inited', 'the stopped pages are no failure');
  });

  it('a chunk that cannot be fetched is the failure state with Retry, and Retry answers the query', async () => {
    chunksFail = true;
    const el = await widget();
    const { errors } = await captureConsole(async () => {
      await open(el);
      useClock();
      await search(el, clock!, 'retry');
      await settle(5);
    });
    ok(
      errors.some((e) => e.includes(FETCH_FAILED_MESSAGE) && /c\d+\.json/.test(e)),
      errors.join('\n'),
    );
    equal(dialog(el).dataset.engine, 'failed');
    equal(options(el).length, 0);
    equal(inShadow(el, '.search-empty-hint'), null, 'no "No results" suggestion');
    includes(unavailable(el)!.textContent!, 'Search is unavailable');
    chunksFail = false;
    inShadow<HTMLButtonElement>(el, '.search-retry')!.click();
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the retry to start the engine');
    await settle();
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => options(el).length, 'the query in the input answered after the retry');
    includes(options(el)[0].textContent!, 'retry');
  });

  it('Esc closes and focus goes back where it was', async () => {
    const el = await widget();
    const before = document.getElementById('before')!;
    before.focus();
    await open(el);
    ok(dialog(el).open);
    // Esc on a modal <dialog> fires "cancel" then closes it; the widget follows the "close" event.
    dialog(el).close();
    const button = inShadow<HTMLButtonElement>(el, '.search-button')!;
    // The close event comes in a task of its own, not always before a few timer turns (the browser restores focus
    // at close() already): until it is handled the widget still counts the modal open, and a click meanwhile
    // would not open it again.
    await waitFor(() => button.getAttribute('aria-expanded') === 'false', 'the close event to be handled');
    equal(document.activeElement, before);
    button.focus();
    button.click();
    await waitFor(() => dialog(el).open, 'the button to open it');
    inShadow<HTMLButtonElement>(el, '.search-cancel')!.click();
    await waitFor(() => !dialog(el).open, 'Cancel to close it');
    equal(deepFocus(), button);
  });

  it('Ctrl+K right after Esc, before the close event is handled, opens the modal again and it stays open', async () => {
    const el = await widget();
    await open(el);
    // Esc closes the dialog at once; its close event follows in a task of its own. The key comes in between.
    dialog(el).close();
    key(document.body, { key: 'k', ctrlKey: true });
    ok(dialog(el).open, "open again in the key's task");
    // The late close event of the first closing must not close it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    ok(dialog(el).open, 'still open after the late close event');
    equal(inShadow<HTMLButtonElement>(el, '.search-button')!.getAttribute('aria-expanded'), 'true');
    equal(deepFocus(), input(el), 'the input has focus');
  });

  it('searches 150 ms after the last keystroke and shows at most 7 results', async () => {
    const el = await widget();
    await open(el);
    useClock();
    type(el, 'ret');
    await clock!.tick(100);
    type(el, 'retry');
    await clock!.tick(DEBOUNCE_MS - 1);
    equal(options(el).length, 0, 'nothing before the debounce ends');
    await clock!.tick(1);
    await waitFor(() => options(el).length, 'results');
    equal(options(el).length, 7);
    includes(options(el)[0].textContent!, 'retry');
    equal(inShadow(el, 'a.search-hit')!.dataset.type, 'title');
  });

  it('renders the prepared hits ahead, hidden and not as options, and shows those very rows when the debounce ends', async () => {
    const el = await widget();
    await open(el);
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the engine to start');
    useClock();
    type(el, 'retry');
    const ahead = await waitFor(() => shadowAll<HTMLAnchorElement>(el, '[data-ahead] a')[0], 'the hits rendered ahead');
    equal(options(el).length, 0, 'no option before the debounce ends');
    equal(ahead.checkVisibility({ visibilityProperty: true }), false);
    equal(ahead.closest('ul')!.getAttribute('aria-hidden'), 'true');
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => options(el).length, 'results');
    equal(options(el)[0], ahead, 'the row rendered ahead is the option');
    ok(ahead.checkVisibility({ visibilityProperty: true }));
    equal(shadowAll(el, '[data-ahead] a').length, 0, 'nothing left hidden behind the answer');
  });

  it('an empty query clears the results at once', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'hooks');
    ok(options(el).length > 0);
    type(el, '   ');
    await settle();
    equal(options(el).length, 0);
    equal(inShadow(el, '.search-status')!.textContent, '');
  });

  it('Up and Down move the selection with wrap-around; the combobox points at it', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    const field = input(el);
    equal(field.getAttribute('role'), 'combobox');
    equal(field.getAttribute('aria-expanded'), 'true');
    const listbox = inShadow(el, '[role="listbox"]')!;
    equal(field.getAttribute('aria-controls'), listbox.id);
    const ids = options(el).map((o) => o.id);
    equal(field.getAttribute('aria-activedescendant'), ids[0]);
    key(field, { key: 'ArrowUp' });
    await settle();
    equal(field.getAttribute('aria-activedescendant'), ids[6], 'Up from the first wraps to the last');
    key(field, { key: 'ArrowDown' });
    await settle();
    equal(field.getAttribute('aria-activedescendant'), ids[0], 'Down from the last wraps to the first');
    key(field, { key: 'ArrowDown' });
    await settle();
    equal(inShadow(el, '[aria-selected="true"]')!.id, ids[1]);
  });

  it('Enter opens the selected result (a click on its link) and closes the modal', async () => {
    const followed = catchNavigation();
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    key(input(el), { key: 'ArrowDown' });
    await settle();
    const expected = inShadow<HTMLAnchorElement>(el, '[aria-selected="true"]')!.getAttribute('href');
    key(input(el), { key: 'Enter' });
    await settle();
    deepEqual(followed, [expected]);
    ok(!dialog(el).open);
  });

  it('Enter pressed during the debounce opens the first hit for the text in the box (Ctrl+K, type, Enter at once)', async () => {
    const followed = catchNavigation();
    const el = await widget();
    await open(el);
    useClock();
    type(el, 'retry');
    // No tick: the debounce has not ended, nothing is shown yet.
    equal(options(el).length, 0);
    key(input(el), { key: 'Enter' });
    await waitFor(() => followed.length, 'the first hit followed');
    deepEqual(followed, ['/docs/retry']);
    ok(!dialog(el).open);
  });

  it('Enter during the debounce of a changed query acts on the new text, not on the hits still shown', async () => {
    const followed = catchNavigation();
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'hooks');
    includes(selectedText(el), 'Hooks');
    type(el, 'expect');
    key(input(el), { key: 'Enter' });
    await waitFor(() => followed.length, 'a hit followed');
    deepEqual(followed, ['/docs/expect']);
  });

  it('ArrowDown during the debounce moves within the answer for the text in the box', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'hooks');
    type(el, 'retry');
    key(input(el), { key: 'ArrowDown' });
    await waitFor(
      () => options(el).length === 7 && options(el)[1].getAttribute('aria-selected') === 'true',
      'the second hit of "retry" selected',
    );
    includes(options(el)[0].textContent!, 'retry');
  });

  it('Enter while an IME composition is active does nothing; composing text is not searched', async () => {
    const followed = catchNavigation();
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    key(input(el), { key: 'Enter', isComposing: true, keyCode: 229 });
    await settle();
    deepEqual(followed, []);
    ok(dialog(el).open);
    input(el).dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    type(el, 'chong');
    await clock!.tick(DEBOUNCE_MS * 2);
    includes(options(el)[0].textContent!, 'retry', 'the results of "retry" stay while composing');
    input(el).dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '重' }));
    await clock!.tick(DEBOUNCE_MS);
    await settle(5);
    equal(inShadow(el, '.search-empty-title strong')?.textContent, 'chong', 'searched once the composition ended');
  });

  it('shows results only if the input still says what was searched', async () => {
    const gates: (() => void)[] = [];
    hold = (go) => gates.push(go);
    let answerRetry: (() => void) | undefined;
    const answered: string[] = [];
    const el = await widget();
    el.searchHooks = {
      beforeSearch: (q) => (q === 'retry' ? new Promise<string>((r) => (answerRetry = () => r(q))) : q),
      afterSearch: (q) => void answered.push(q),
    };
    await open(el);
    useClock();
    type(el, 'retry');
    await clock!.tick(DEBOUNCE_MS);
    type(el, 'hooks');
    await clock!.tick(DEBOUNCE_MS);
    // The index's files arrive (entry, chunk, pages, one after another) and "hooks" is answered…
    await waitFor(() => {
      for (const go of gates.splice(0)) go();
      return options(el).length;
    }, '"hooks" answered');
    includes(options(el)[0].textContent!, 'Hooks');
    hold = undefined;
    // …then the slow "retry" answer comes in last.
    answerRetry!();
    await waitFor(() => answered.includes('retry'), 'the "retry" search to end');
    await settle(10);
    equal(input(el).value, 'hooks');
    includes(options(el)[0].textContent!, 'Hooks');
    equal(options(el).length, 1, 'none of the hits of "retry"');
  });

  it('keeps the last 100 queries: a repeated query is answered from the cache', async () => {
    const url = indexUrl();
    await widget(`lang="en" index-url="${url}"`);
    const service = serviceFor(url);
    const first = await service.search('retry');
    equal(await service.search('  retry '), first, 'the very same hits, not a new search');
    equal(service.cachedQueries, 1);
    for (let i = 0; i < CACHE_SIZE + 5; i++) await service.search(`words ${i}`);
    equal(service.cachedQueries, CACHE_SIZE);
    ok((await service.search('retry')) !== first, 'the oldest query was dropped');
  });

  it('a failed index fetch logs the message and shows "unavailable" with a retry, never "No results"', async () => {
    failing = true;
    const el = await widget();
    const { errors } = await captureConsole(async () => {
      await open(el);
      useClock();
      await search(el, clock!, 'retry');
      await settle(5);
    });
    ok(
      errors.some((e) => e.includes(FETCH_FAILED_MESSAGE)),
      errors.join('\n'),
    );
    equal(options(el).length, 0);
    equal(dialog(el).dataset.engine, 'failed');
    equal(inShadow(el, '.search-empty-hint'), null, 'no "No results" suggestion');
    includes(unavailable(el)!.textContent!, 'Search is unavailable');
    failing = false;
    inShadow<HTMLButtonElement>(el, '.search-retry')!.click();
    await waitFor(() => dialog(el).dataset.engine === 'inited', 'the retry to start the engine');
    // The dialog asks again once its effects have seen the new state.
    await settle();
    await clock!.tick(DEBOUNCE_MS);
    await waitFor(() => options(el).length, 'the query in the input answered after the retry');
    includes(options(el)[0].textContent!, 'retry');
    equal(unavailable(el), null);
  });

  it('opening the modal again retries a failed index', async () => {
    failing = true;
    const el = await widget();
    await captureConsole(async () => {
      await open(el);
      await waitFor(() => dialog(el).dataset.engine === 'failed', 'the failure');
    });
    failing = false;
    dialog(el).close();
    await settle();
    await open(el);
    useClock();
    await search(el, clock!, 'hooks');
    await waitFor(() => options(el).length, 'results after the retry');
  });

  it(`a hung index request fails after ${FETCH_TIMEOUT_MS / 1000} s`, async () => {
    entry = 'hang';
    // No idle prefetch: the request must start under the fake clock, when the modal opens.
    restores.push(stub(window, 'requestIdleCallback', (() => 0) as typeof window.requestIdleCallback));
    const el = await widget();
    useClock();
    const { errors } = await captureConsole(async () => {
      await open(el);
      await settle(3);
      equal(dialog(el).dataset.engine, 'initing');
      await clock!.tick(FETCH_TIMEOUT_MS - 1);
      equal(dialog(el).dataset.engine, 'initing', 'still waiting just before the limit');
      await clock!.tick(1);
      await settle(5);
    });
    equal(dialog(el).dataset.engine, 'failed');
    ok(
      errors.some((e) => e.includes(FETCH_FAILED_MESSAGE) && e.includes('no answer within 10 s')),
      errors.join('\n'),
    );
    ok(unavailable(el));
  });

  const entryFailures = {
    missing: 'HTTP 404',
    'bad-json': 'not JSON',
    'other-format': 'not a search index this version reads',
  } as const;
  for (const [kind, reason] of Object.entries(entryFailures) as [keyof typeof entryFailures, string][]) {
    it(`an index entry that is ${kind} fails the same way ("${reason}"), without an uncaught error`, async () => {
      entry = kind;
      let el!: DocSearchElement;
      // From the mount on: the idle prefetch may read the entry before the modal opens.
      const { errors } = await captureConsole(async () => {
        el = await widget();
        await open(el);
        await waitFor(() => dialog(el).dataset.engine === 'failed', 'the failure');
      });
      ok(
        errors.some((e) => e.includes(FETCH_FAILED_MESSAGE) && e.includes(reason)),
        errors.join('\n'),
      );
      ok(unavailable(el));
      ok(!fetches.some((u) => isChunk(u) || isPage(u)), 'nothing read past the entry');
    });
  }

  for (const damage of ['bad-json', 'not-a-record'] as const) {
    it(`a page file that holds no record (${damage}) is not shown (and said so); the next page takes its place`, async () => {
      page0 = damage;
      let el!: DocSearchElement;
      const { warnings } = await captureConsole(async () => {
        el = await widget();
        await open(el);
        useClock();
        await search(el, clock!, 'retry');
        await waitFor(() => options(el).length, 'results');
      });
      equal(warnings.length, 1, warnings.join('\n'));
      match(warnings[0], /p0\.json is not a usable page/);
      equal(dialog(el).dataset.engine, 'inited');
      const links = shadowAll<HTMLAnchorElement>(el, 'a.search-hit').map((a) => a.getAttribute('href')!);
      equal(links.length, 7, 'seven hits still');
      ok(
        links.every((href) => /^\/docs\/(page-\d|hooks)$/.test(href)),
        links.join(', '),
      );
    });
  }

  it("an index whose pages' routes leave the site: no hit links off it, Enter never leaves it; safe pages are found", async () => {
    corpus = 'hostile';
    const followed = catchNavigation();
    let el!: DocSearchElement;
    const { warnings } = await captureConsole(async () => {
      el = await widget();
      await open(el);
      useClock();
      await search(el, clock!, 'hooks');
      equal(inShadow(el, 'a.search-hit')?.getAttribute('href'), '/docs/hooks', 'a safe page');
      // Each hostile page is titled "retry": they are its best hits.
      await search(el, clock!, 'retry');
    });
    const warned = warnings.filter((w) => /p\d+\.json is not a usable page/.test(w));
    equal(warned.length, HOSTILE.length, warnings.join('\n'));
    const offSite = (href: string) => !/^\/docs\//.test(href);
    const links = shadowAll<HTMLAnchorElement>(el, 'a.search-hit').map((a) => a.getAttribute('href')!);
    ok(!links.some(offSite), links.join(', '));
    equal(links.length, 7, 'the safe pages take their places');
    key(input(el), { key: 'Enter' });
    await settle();
    deepEqual(followed, ['/docs/retry'], 'the safe page titled "retry" comes first');
  });

  it('a hit whose page file names a route off the site is not shown', async () => {
    page0 = 'off-site';
    const followed = catchNavigation();
    let el!: DocSearchElement;
    const { warnings } = await captureConsole(async () => {
      el = await widget();
      await open(el);
      useClock();
      await search(el, clock!, 'retry');
      await waitFor(() => options(el).length, 'results');
    });
    match(warnings.join('\n'), /p0\.json is not a usable page/);
    const links = shadowAll<HTMLAnchorElement>(el, 'a.search-hit').map((a) => a.getAttribute('href')!);
    equal(links.length, 7, 'the next page takes its place');
    ok(
      links.every((href) => /^\/docs\/(page-\d|hooks)$/.test(href)),
      links.join(', '),
    );
    key(input(el), { key: 'Enter' });
    await settle();
    equal(followed.length, 1);
    match(followed[0], /^\/docs\/page-\d$/);
  });

  it('embedded (a docs base, no site data): reads the docs site’s search manifest, links results to the docs site', async () => {
    const followed = catchNavigation();
    const el = await widget('lang="en-US" docs-base="https://docs.example.test/docs/"');
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    deepEqual(fetches.slice(0, 2), [
      'https://docs.example.test/docs/static/search-manifest.json',
      'https://docs.example.test/docs/static/search/en.m1/index.json',
    ]);
    ok(
      fetches.slice(2).every((u) => u.startsWith('https://docs.example.test/docs/static/search/en.m1/')),
      `the index's files beside its entry: ${fetches.join(', ')}`,
    );
    const hit = inShadow<HTMLAnchorElement>(el, 'a.search-hit')!;
    equal(hit.getAttribute('href'), 'https://docs.example.test/docs/retry');
    key(input(el), { key: 'Enter' });
    await settle();
    deepEqual(followed, ['https://docs.example.test/docs/retry']);
  });

  it('highlights matches as text: a query with markup stays text', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, '<img onerror>');
    equal(el.shadowRoot!.querySelector('img'), null);
    const statement = inShadow(el, '.search-hit-statement')!;
    includes(statement.textContent!, '<img src=x onerror=alert(1)>');
    deepEqual(
      [...statement.querySelectorAll('mark')].map((m) => m.textContent),
      ['img', 'onerror'],
    );
  });

  it('"No results for {query}" and a suggestion when nothing matches', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'zzzyzx');
    equal(inShadow(el, '.search-empty-title')!.textContent, 'No results for zzzyzx');
    equal(inShadow(el, '.search-empty-hint')!.textContent, 'Please try again with a different keyword');
    equal(input(el).getAttribute('aria-expanded'), 'false');
  });

  it('header and content hits: heading anchors, the heading trail and a snippet', async () => {
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'override');
    const hit = inShadow<HTMLAnchorElement>(el, 'a.search-hit')!;
    equal(hit.dataset.type, 'header');
    equal(hit.getAttribute('href'), '/docs/retry#per-file');
    await search(el, clock!, 'toHaveBeenCalledWith');
    const content = inShadow<HTMLAnchorElement>(el, 'a.search-hit')!;
    equal(content.dataset.type, 'content');
    includes(content.textContent!, 'checks the call');
  });

  it('runs the beforeSearch, onSearch and afterSearch hooks', async () => {
    const el = await widget();
    const seen: string[] = [];
    el.searchHooks = {
      beforeSearch: (q) => (q === 'again' ? 'hooks' : undefined),
      onSearch: (q, hits): SearchHit[] => [{ ...hits[0], title: `${hits[0].title} (via ${q})` }],
      afterSearch: (q, hits) => void seen.push(`${q}:${hits.length}`),
    };
    await open(el);
    useClock();
    await search(el, clock!, 'again');
    equal(options(el).length, 1);
    includes(options(el)[0].textContent!, 'Hooks (via hooks)');
    deepEqual(seen, ['hooks:1']);
  });

  it('uses the site index of its language, and starts over when the language changes', async () => {
    const urls = { en: indexUrl('en'), zh: indexUrl('zh') };
    document.documentElement.dataset.site = JSON.stringify({ searchIndex: urls });
    const el = await widget('lang="en"');
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    ok(fetches.includes(urls.en));
    equal(dialog(el).dataset.engine, 'inited');
    dialog(el).close();
    el.setAttribute('lang', 'zh');
    await settle(3);
    equal(dialog(el).dataset.engine, 'initial', 'a new engine for the new language');
    equal(options(el).length, 0, 'old answers are gone');
    await open(el);
    await search(el, clock!, '重试');
    ok(fetches.includes(urls.zh));
    includes(options(el)[0].textContent!, '重试');
    dialog(el).close();
    el.setAttribute('lang', 'en');
    await settle(3);
    equal(dialog(el).dataset.engine, 'initial', 'back in English, search starts over too');
  });

  it('on a versioned site, a page change to another version starts over with that version’s index', async () => {
    const urls = { 'v1.en': indexUrl('en'), 'v2.en': indexUrl('en') };
    document.documentElement.dataset.site = JSON.stringify({ searchIndex: urls, version: 'v2' });
    const el = await widget('lang="en"');
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    ok(fetches.includes(urls['v2.en']));
    dialog(el).close();
    // The client router swapped in a v1 page: new site data, then its page-change event.
    document.documentElement.dataset.site = JSON.stringify({ searchIndex: urls, version: 'v1' });
    document.dispatchEvent(new CustomEvent(PAGE_CHANGE));
    await settle(3);
    equal(dialog(el).dataset.engine, 'initial');
    await open(el);
    await search(el, clock!, 'retry');
    ok(fetches.includes(urls['v1.en']));
  });

  it('results are real links: a plain click closes the modal, a middle or Ctrl click keeps it', async () => {
    const followed = catchNavigation();
    const el = await widget();
    await open(el);
    useClock();
    await search(el, clock!, 'retry');
    const links = shadowAll<HTMLAnchorElement>(el, 'a.search-hit');
    ok(links.every((a) => a.getAttribute('href')!.startsWith('/docs/')));
    links[1].dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, ctrlKey: true }));
    await settle();
    ok(dialog(el).open);
    links[0].click();
    await settle();
    ok(!dialog(el).open);
    equal(followed.length, 2);
  });

  it('a click on the backdrop closes the modal', async () => {
    const el = await widget();
    await open(el);
    dialog(el).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();
    ok(!dialog(el).open);
  });
});
