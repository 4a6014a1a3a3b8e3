import { describe, expect, it } from 'vitest';
import { densitySrcSet, densityWidths, IMAGE_WIDTHS, widthFor } from '../src/image-sizes.ts';

describe('image widths', () => {
  it('pick the smallest server width that covers a size, the largest beyond them all', () => {
    expect(widthFor(1)).toBe(48);
    expect(widthFor(96)).toBe(96);
    expect(widthFor(97)).toBe(128);
    expect(widthFor(5000)).toBe(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  });

  it('offer 1×, 2× and 3× copies, each width once', () => {
    expect(densityWidths(100)).toEqual([
      { width: 128, density: 1 },
      { width: 256, density: 2 },
      { width: 384, density: 3 },
    ]);
    // 600, 1200 and 1800 px all need the largest copy.
    expect(densityWidths(600)).toEqual([
      { width: 768, density: 1 },
      { width: 1024, density: 2 },
    ]);
    expect(densitySrcSet('/uploads/a.png', 40)).toBe(
      '/uploads/a.png?w=48 1x, /uploads/a.png?w=96 2x, /uploads/a.png?w=128 3x',
    );
  });
});
