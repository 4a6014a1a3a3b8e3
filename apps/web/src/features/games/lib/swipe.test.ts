import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

describe('swipeDirection', () => {
  it('goes to the next tab on a left swipe and the previous on a right swipe', () => {
    expect(swipeDirection({ x: 300, y: 100 }, { x: 150, y: 110 })).toBe(1);
    expect(swipeDirection({ x: 100, y: 100 }, { x: 250, y: 90 })).toBe(-1);
  });

  it('ignores short moves and scrolling', () => {
    expect(swipeDirection({ x: 100, y: 100 }, { x: 140, y: 100 })).toBe(0);
    expect(swipeDirection({ x: 100, y: 100 }, { x: 200, y: 300 })).toBe(0);
  });
});
