// Code blocks' "Copy code" and "Toggle code wrap" buttons: one delegated click listener for the page
// (no React root per block). Copy takes the code text only (line numbers are CSS counters or hidden).
import { copyText } from '../platform/clipboard.ts';
import { widgetLang, widgetTexts } from '../platform/lang.ts';
import { once } from './once.ts';
import { refreshTooltip } from './tooltip.ts';

/** Spec §9: how long the copied feedback shows. */
export const COPIED_MS = 2000;

const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/** The code of a block as a reader would type it: no line numbers, no decorations. */
export function codeText(block: Element): string {
  const code = block.querySelector('pre code') ?? block.querySelector('pre');
  if (!code) return '';
  const copy = code.cloneNode(true) as Element;
  for (const extra of copy.querySelectorAll('[aria-hidden="true"], .line-number, .diff-indicator')) extra.remove();
  return (copy.textContent ?? '').replace(/\n$/, '');
}

async function copyCode(button: HTMLElement): Promise<void> {
  const block = button.closest('.code-block');
  if (!block) return;
  const result = await copyText(codeText(block));
  button.dispatchEvent(new CustomEvent('code-copy', { bubbles: true, detail: { result } }));
  // The prompt fallback leaves the copying to the reader: the button must not claim it is done.
  if (result !== 'copied') return;
  const label = button.dataset.label ?? button.getAttribute('aria-label') ?? '';
  button.dataset.label = label;
  const copied = widgetTexts(widgetLang(button)).copiedText;
  button.classList.add('copied');
  button.setAttribute('aria-label', copied);
  if (button.title) button.title = copied;
  refreshTooltip(button);
  clearTimeout(timers.get(button));
  timers.set(
    button,
    setTimeout(() => {
      button.classList.remove('copied');
      button.setAttribute('aria-label', label);
      if (button.title) button.title = label;
      refreshTooltip(button);
    }, COPIED_MS),
  );
}

function toggleWrap(button: HTMLElement): void {
  const block = button.closest('.code-block');
  if (!block) return;
  const wrapped = block.classList.toggle('wrap');
  button.setAttribute('aria-pressed', String(wrapped));
}

export function onCodeAction(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const copy = target?.closest<HTMLElement>('.code-copy-btn');
  if (copy) {
    void copyCode(copy);
    return;
  }
  const wrap = target?.closest<HTMLElement>('.code-wrap-btn');
  if (wrap) toggleWrap(wrap);
}

export function installCodeActions(): void {
  once('code-actions', () => document.addEventListener('click', onCodeAction));
}
