// Constructable stylesheets from CSS text, made once per text and shared by every shadow root that adopts them
// (a sheet belongs to the document it was made in; widgets live in this one). Adopted sheets apply under a
// Content-Security-Policy without 'unsafe-inline' for styles, unlike <style> elements.
import { useLayoutEffect } from 'react';

const made = new Map<string, CSSStyleSheet>();

export function sheetOf(css: string): CSSStyleSheet {
  let sheet = made.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    made.set(css, sheet);
  }
  return sheet;
}

export function sheetsOf(css: string[]): CSSStyleSheet[] {
  return css.map(sheetOf);
}

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
