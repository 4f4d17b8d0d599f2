// Copies text with the async clipboard API; when that is missing or refused, shows the text in a prompt
// with the shortcut to copy it by hand (spec §8). Text that is still on its way (a fetch) is handed to the
// clipboard inside the click all the same: WebKit refuses a write that starts after a network wait.

import type { CopyResult } from '../../common/elements.ts';

export type { CopyResult };

export function copyShortcut(platform = navigator.platform || navigator.userAgent): string {
  return /mac|iphone|ipad|ipod/i.test(platform) ? 'Cmd' : 'Ctrl';
}

export async function copyText(text: string): Promise<CopyResult> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return prompted(text);
  }
}

function prompted(text: string): CopyResult {
  window.prompt(`Copy to clipboard: ${copyShortcut()}+C, Enter`, text);
  return 'prompted';
}

/**
 * Copies text that is still coming. Call it synchronously in the click handler: the clipboard write starts
 * in the click's task (a ClipboardItem holding the promise), so every engine counts it as the reader's act;
 * without ClipboardItem, the text is written once it is there. A failure of `text` itself is passed on
 * (no prompt: there is nothing to copy); a refused write ends in the prompt.
 */
export function copyWhenReady(text: Promise<string>): Promise<CopyResult> {
  const clipboard = navigator.clipboard;
  if (typeof ClipboardItem !== 'function' || !clipboard?.write) return text.then(copyText);
  const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
  // Its failure is reported through `text` below; a write refused before reading it must not leave it unhandled.
  blob.catch(() => {});
  let item: ClipboardItem;
  try {
    item = new ClipboardItem({ 'text/plain': blob });
  } catch {
    return text.then(copyText);
  }
  return clipboard.write([item]).then(
    () => 'copied' as const,
    // The text's own failure wins (awaiting it rethrows); otherwise the write was refused.
    () => text.then(prompted),
  );
}
