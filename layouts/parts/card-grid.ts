// Card grids on the home page (features, tool family) share one rule for how many columns they get, so a
// grid never ends on a lonely card: 6 cards → 3 + 3, 7 → 4 + 3, 8 → 4 + 4. The last row, if short, is
// centred by the CSS (`.card-grid` in styles/pages.css).

/** Columns for `count` cards: all in one row up to `max`, else 3 or 4, whichever leaves fewer gaps (ties: 4). */
export function balancedColumns(count: number, max = 4): number {
  if (count <= max) return Math.max(count, 1);
  const gaps = (cols: number) => (cols - (count % cols)) % cols;
  return gaps(3) < gaps(4) ? 3 : 4;
}

/** The class names of a card grid of `count` cards. */
export const cardGridClass = (count: number) => `card-grid cols-${balancedColumns(count)}`;
