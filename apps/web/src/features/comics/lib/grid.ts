// The cover grid's window (docs/decisions/0037): rows of a fixed height, only those near the view in
// the DOM, so thousands of covers cost what a screenful costs.

export const GRID_COLUMNS = 3;
/** Rows drawn above and below the view. */
export const GRID_OVERSCAN = 4;

/** A card's height at `columnWidth` px: a 3:4 cover plus two text lines (`textHeight`). */
export function rowHeight(columnWidth: number, textHeight: number, gap: number): number {
  return (columnWidth * 4) / 3 + textHeight + gap;
}

/** The rows [first, last) to draw, for `count` items in GRID_COLUMNS columns, in the view. */
export function visibleRows(
  count: number,
  row: number,
  /** The grid's top relative to the view's top (negative once scrolled past). */
  gridTop: number,
  viewport: number,
  columns = GRID_COLUMNS,
  overscan = GRID_OVERSCAN,
): { first: number; last: number; rows: number } {
  const rows = Math.ceil(count / columns);
  if (rows === 0 || row <= 0) return { first: 0, last: 0, rows };
  const first = Math.max(0, Math.floor(-gridTop / row) - overscan);
  const last = Math.min(rows, Math.ceil((viewport - gridTop) / row) + overscan);
  return { first: Math.min(first, rows), last: Math.max(last, Math.min(first, rows)), rows };
}
