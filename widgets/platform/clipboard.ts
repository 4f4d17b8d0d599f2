// Copies text with the async clipboard API; when that is missing or refused, shows the text in a prompt
// with the shortcut to copy it by hand (spec §8).

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
    window.prompt(`Copy to clipboard: ${copyShortcut()}+C, Enter`, text);
    return 'prompted';
  }
}
