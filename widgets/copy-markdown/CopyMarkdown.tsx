// <copy-markdown>: copies the page's Markdown (idle → loading → success 500 ms → idle; a failed fetch
// shows an error state and logs), and an "Open" menu for the Markdown link and two AI chat services.
import { useEffect, useRef, useState } from 'react';
import type { copyMarkdownAttributes, CopyDetail, ElementEvents } from '../../common/elements.ts';
import { copyText, copyWhenReady, type CopyResult } from '../platform/clipboard.ts';
import type { WidgetProps } from '../platform/define.ts';
import { isChinese, widgetLang, widgetTexts } from '../platform/lang.ts';
import { docsBase } from '../platform/docs-base.ts';
import { chatGptUrl, claudeUrl, fetchMarkdown, markdownUrl, pageOfMarkdown, pageUrl } from './markdown.ts';
import { OpenMenu } from './OpenMenu.tsx';
import { takeEarlyCopy } from './early.ts';
import { CopyMarkdownView, type CopyState } from '../../common/views/copy-markdown.tsx';

/** Spec §9: how long the success state shows. */
export const SUCCESS_MS = 500;
/** How long the error state shows before the button is back to idle (a click retries at any time). */
export const ERROR_MS = 2000;

const FAILED = { en: 'Could not copy the Markdown', zh: '无法复制 Markdown' };

export function CopyMarkdown({
  href,
  lang,
  docsBase: baseAttribute,
  widget,
}: WidgetProps<typeof copyMarkdownAttributes, ElementEvents['copy-markdown']>) {
  const [state, setState] = useState<CopyState>('idle');
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A press on the page's built button came before this widget had loaded: it has started the copy.
  useEffect(() => {
    const early = takeEarlyCopy(widget.host);
    // (Only an element with an href has one: `follow` below is then defined.)
    if (early) void follow(early.result, early.url);
  }, []);
  if (!href) return null;

  const language = widgetLang(widget.host, lang);
  const texts = widgetTexts(language);
  // Embedded, the Markdown and the page the AI services are asked about are the docs site's, not the host's.
  const base = docsBase(baseAttribute, widget.host.localName);
  const url = markdownUrl(href, base);

  const settle = (next: CopyState, ms: number, message: string) => {
    setState(next);
    setStatus(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), ms);
  };

  /** Shows a copy's progress: loading, then success (or the prompt's idle, or the error state). */
  const follow = async (copy: Promise<CopyResult>, url: string) => {
    clearTimeout(timer.current);
    setState('loading');
    setStatus('');
    try {
      const result = await copy;
      // After the prompt fallback the reader copies by hand: no "Copied" for what we did not copy.
      if (result === 'copied') settle('success', SUCCESS_MS, texts.copiedText);
      else setState('idle');
      widget.emit('markdown-copy', { what: 'markdown', result, url } satisfies CopyDetail);
    } catch (error) {
      console.error(`<copy-markdown>: ${(error as Error).message}`);
      settle('error', ERROR_MS, isChinese(language) ? FAILED.zh : FAILED.en);
      widget.emit('markdown-copy-error', { url, message: (error as Error).message });
    }
  };

  // Both start here, in the click's task: the clipboard write holds the fetch's promise.
  const copyMarkdown = () => {
    if (state !== 'loading') void follow(copyWhenReady(fetchMarkdown(url)), url);
  };

  const copyLink = async () => {
    const result = await copyText(url);
    setStatus(result === 'copied' ? texts.copiedText : '');
    widget.emit('markdown-copy', { what: 'link', result, url } satisfies CopyDetail);
  };

  const page = base ? pageOfMarkdown(url) : pageUrl();
  return (
    <CopyMarkdownView
      state={state}
      status={status}
      copyLabel={texts.copyMarkdownText}
      markdownHref={url}
      onCopy={copyMarkdown}
      menu={
        <OpenMenu
          label={texts.openText}
          host={widget.host}
          onToggle={(open) => widget.emit('menu-toggle', { open })}
          items={[
            { label: texts.copyMarkdownLinkText, onSelect: copyLink },
            { label: texts.openInChatGPTText, href: chatGptUrl(page) },
            { label: texts.openInClaudeText, href: claudeUrl(page) },
          ]}
        />
      }
    />
  );
}
