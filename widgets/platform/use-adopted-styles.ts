// A part's own stylesheet in its widget's shadow root while the part is mounted (the search dialog's rules,
// loaded with the dialog).
import { useLayoutEffect } from 'react';
import { sheetOf } from './sheets.ts';

/** Adds a part's own sheet to its widget's shadow root while the part is mounted (after the sheets already there). */
export function useAdoptedStyles(root: ShadowRoot | null, css: string): void {
  useLayoutEffect(() => {
    if (!root) return undefined;
    const sheet = sheetOf(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [root, css]);
}
