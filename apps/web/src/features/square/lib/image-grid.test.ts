import { describe, expect, it } from 'vitest';
import { gridColumns } from './image-grid';

describe('gridColumns', () => {
  it('shows one image alone', () => {
    expect(gridColumns(1)).toBe(1);
  });
  it('lays two and four images out two by two', () => {
    expect(gridColumns(2)).toBe(2);
    expect(gridColumns(4)).toBe(2);
  });
  it('uses three columns for three and for five to nine', () => {
    for (const n of [3, 5, 6, 7, 8, 9]) expect(gridColumns(n)).toBe(3);
  });
});
