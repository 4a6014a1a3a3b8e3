import { describe, expect, it } from 'vitest';
import { blocksOf, indexAtRow, OVERSCAN, rowOfIndex, rowWindow } from './window';

describe('the menu window', () => {
  it('draws the rows on screen and a few around them, never past the ends', () => {
    // 52px rows, an 800px viewport: rows 0–16 meet it at the top.
    expect(rowWindow(0, 800, 52, 3000)).toEqual({ first: 0, last: 16 + OVERSCAN });
    expect(rowWindow(52 * 1000, 800, 52, 3000)).toEqual({ first: 1000 - OVERSCAN, last: 1016 + OVERSCAN });
    expect(rowWindow(52 * 2990, 800, 52, 3000)).toEqual({ first: 2990 - OVERSCAN, last: 2999 });
    // The list still below the viewport's top (offset < 0) starts at its first row.
    expect(rowWindow(-300, 800, 52, 3000).first).toBe(0);
    expect(rowWindow(0, 800, 52, 0)).toEqual({ first: 0, last: -1 });
  });

  it('names the blocks of 100 the window touches', () => {
    expect(blocksOf({ first: 0, last: 24 })).toEqual([0]);
    expect(blocksOf({ first: 95, last: 120 })).toEqual([0, 1]);
    expect(blocksOf({ first: 0, last: -1 })).toEqual([]);
  });

  it('maps rows to chapter indexes both ways in either order', () => {
    expect(indexAtRow(0, 'asc', 3000)).toBe(1);
    expect(indexAtRow(0, 'desc', 3000)).toBe(3000);
    for (const order of ['asc', 'desc'] as const)
      expect(indexAtRow(rowOfIndex(1500, order, 3000), order, 3000)).toBe(1500);
  });
});
