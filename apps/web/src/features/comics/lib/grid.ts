// The cover grid's window (docs/decisions/0037): rows of a fixed height, only those near the view in
// the DOM, so thousands of covers cost what a screenful costs.

export const GRID_COLUMNS = 3;
/** Rows drawn above and below the view. */
export const GRID_OVERSCAN = 4;
/**
 * The drawn window's edges move in steps of this many rows: a scroll that stays within a step
 * changes nothing, so the grid renders once per few rows rather than on every frame.
 */
export const GRID_STEP = 3;

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

/**
 * visibleRows with its edges snapped outward to multiples of `step` rows: the same window for every
 * scroll position within a step (at most 2 × (step − 1) rows more than visibleRows draws).
 */
export function steppedRows(
  count: number,
  row: number,
  gridTop: number,
  viewport: number,
  step = GRID_STEP,
): { first: number; last: number; rows: number } {
  const w = visibleRows(count, row, gridTop, viewport);
  if (w.last <= w.first) return w;
  return {
    first: Math.floor(w.first / step) * step,
    last: Math.min(w.rows, Math.ceil(w.last / step) * step),
    rows: w.rows,
  };
}
