// A press on the built Copy Markdown button (the page's declarative shadow root) before the widget has loaded:
// the copy starts inside that click, as the widget's own does (WebKit allows no clipboard write after the
// module's load), and the widget shows its progress once it mounts (takeEarlyCopy).
import { copyWhenReady, type CopyResult } from '../platform/clipboard.ts';
import { fetchMarkdown, markdownUrl } from './markdown.ts';

export interface EarlyCopy {
  url: string;
  result: Promise<CopyResult>;
}

const started = new WeakMap<Element, EarlyCopy>();

/** Call in the click's task. True when the press was on the copy button and the copy has started. */
export function startEarlyCopy(host: HTMLElement, control: HTMLElement | undefined): boolean {
  const href = host.getAttribute('href');
  if (!href || !control?.matches('button.copy-button')) return false;
  const url = markdownUrl(href);
  const result = copyWhenReady(fetchMarkdown(url));
  // Reported by the widget when it takes it; until then a failure must not count as unhandled.
  result.catch(() => {});
  started.set(host, { url, result });
  return true;
}

/** The copy a press started before this element's widget mounted, once. */
export function takeEarlyCopy(host: Element): EarlyCopy | undefined {
  const copy = started.get(host);
  started.delete(host);
  return copy;
}
