import { CHAPTER_BLOCK } from '../api/get-chapters';

/** Rows drawn above and below the visible ones, so a quick flick does not show blank rows. */
export const OVERSCAN = 8;

export interface RowWindow {
  /** First and last row drawn (inclusive); last < first when there is nothing to draw. */
  first: number;
  last: number;
}

/**
 * The rows of a fixed-height list that meet the viewport: `offset` is how far the viewport's top is
 * below the list's top (negative while the list starts lower on screen), in px.
 */
export function rowWindow(offset: number, viewport: number, rowHeight: number, total: number): RowWindow {
  if (total <= 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const top = Math.floor(Math.max(0, offset) / rowHeight);
  const bottom = Math.ceil(Math.max(0, offset + viewport) / rowHeight);
  return {
    first: Math.max(0, Math.min(total - 1, top - OVERSCAN)),
    last: Math.max(-1, Math.min(total - 1, bottom + OVERSCAN)),
  };
}

/** The blocks (keyset pages of CHAPTER_BLOCK rows) that hold the rows of `win`. */
export function blocksOf(win: RowWindow): number[] {
  if (win.last < win.first) return [];
  const blocks: number[] = [];
  for (let b = Math.floor(win.first / CHAPTER_BLOCK); b <= Math.floor(win.last / CHAPTER_BLOCK); b++)
    blocks.push(b);
  return blocks;
}

/** The chapter index shown at row `row` (indexes 1…total; desc puts the newest first). */
export const indexAtRow = (row: number, order: 'asc' | 'desc', total: number): number =>
  order === 'asc' ? row + 1 : total - row;

/** The row that shows chapter `index` (the inverse of indexAtRow). */
export const rowOfIndex = (index: number, order: 'asc' | 'desc', total: number): number =>
  order === 'asc' ? index - 1 : total - index;
