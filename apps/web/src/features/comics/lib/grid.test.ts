import { describe, expect, it } from 'vitest';
import { rowHeight, steppedRows, visibleRows } from './grid';

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
    expect(steppedRows(0, 200, 0, 800)).toEqual({ first: 0, last: 0, rows: 0 });
  });

  it('moves the drawn window in steps of three rows, always covering the view and its overscan', () => {
    // Rows 496–508 are wanted at 100,000 px; the step widens that to 495–510…
    expect(steppedRows(5000, 200, -100_000, 800)).toEqual({ first: 495, last: 510, rows: 1667 });
    // …and the same window serves every scroll within the step: nothing to render.
    expect(steppedRows(5000, 200, -100_150, 800)).toEqual({ first: 495, last: 510, rows: 1667 });
    expect(steppedRows(5000, 200, -100_200, 800)).toEqual({ first: 495, last: 510, rows: 1667 });
    expect(steppedRows(5000, 200, -100_400, 800)).toEqual({ first: 498, last: 510, rows: 1667 });
    for (let top = 0; top > -20_000; top -= 37) {
      const wanted = visibleRows(5000, 200, top, 800);
      const drawn = steppedRows(5000, 200, top, 800);
      expect(drawn.first).toBeLessThanOrEqual(wanted.first);
      expect(drawn.last).toBeGreaterThanOrEqual(wanted.last);
      expect(drawn.last - drawn.first).toBeLessThanOrEqual(wanted.last - wanted.first + 4);
    }
    // Never past the last row.
    expect(steppedRows(10, 200, -200, 800).last).toBe(4);
  });
});
