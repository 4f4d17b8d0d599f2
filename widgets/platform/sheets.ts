// Constructable stylesheets from CSS text, made once per text and shared by every shadow root that adopts them
// (a sheet belongs to the document it was made in; widgets live in this one), and by the document itself for
// the rules only script-made states need. Adopted sheets apply under a Content-Security-Policy without
// 'unsafe-inline' for styles, unlike <style> elements. No React here: the runtime uses it before any widget.
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

/** Adds the sheet to the document's own (once): for page elements and states that only scripts create. */
export function adoptDocumentStyles(css: string): void {
  const sheet = sheetOf(css);
  if (!document.adoptedStyleSheets.includes(sheet))
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
