// Fetches a page's Markdown once per page (spec §7: the route's .md), and builds the AI-service links.

const cache = new Map<string, string>();

export class MarkdownFetchError extends Error {
  override name = 'MarkdownFetchError';
}

/** Absolute URL of the Markdown file: the attribute resolves against the docs base when embedded, else the page. */
export function markdownUrl(href: string, base: string = window.location.href): string {
  return new URL(href, base).href;
}

/** The page a Markdown file belongs to (`…/retry.md` → `…/retry`, `…/guide/index.md` → `…/guide/`). */
export function pageOfMarkdown(url: string): string {
  return url
    .replace(/[?#].*$/, '')
    .replace(/(^|\/)index\.md$/, '$1')
    .replace(/\.md$/, '');
}

export async function fetchMarkdown(url: string): Promise<string> {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/markdown, text/plain;q=0.9' } });
  } catch (error) {
    throw new MarkdownFetchError(`could not fetch ${url} (${(error as Error).message})`);
  }
  if (!response.ok) throw new MarkdownFetchError(`could not fetch ${url} (HTTP ${response.status})`);
  const text = await response.text();
  cache.set(url, text);
  return text;
}

/** For tests: forget fetched pages. */
export function clearMarkdownCache(): void {
  cache.clear();
}

/**
 * The page address without its query string and fragment: what the AI services are asked to read. A query may
 * carry a reader's tokens or tracking (`?token=…`); it is no part of which page this is.
 */
export function pageUrl(location: Location = window.location): string {
  return `${location.origin}${location.pathname}`;
}

export { askPrompt, chatGptUrl, claudeUrl } from '../../common/ai-links.ts';
