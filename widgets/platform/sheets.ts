// Constructable stylesheets from CSS text, made once per text and shared by every shadow root that adopts them
// (a sheet belongs to the document it was made in; widgets live in this one).
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
