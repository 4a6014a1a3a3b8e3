import { describe, expect, it } from 'vitest';
import { rowHeight, visibleRows } from './grid';

describe('cover grid window', () => {
  it('is a 3:4 cover plus the text and the gap', () => {
    expect(rowHeight(120, 40, 16)).toBe(216);
  });

  it('draws the rows in view and a few around them, whatever the count', () => {
    expect(visibleRows(5000, 200, 100, 800)).toEqual({ first: 0, last: 8, rows: 1667 });
    // Scrolled 100,000 px down: rows 500… in view.
    const w = visibleRows(5000, 200, -100_000, 800);
    expect(w.first).toBe(496);
    expect(w.last).toBe(508);
    expect(visibleRows(5000, 200, -1e9, 800)).toEqual({ first: 1667, last: 1667, rows: 1667 });
  });

  it('draws nothing for no items', () => {
    expect(visibleRows(0, 200, 0, 800)).toEqual({ first: 0, last: 0, rows: 0 });
  });
});
