import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { swipeStep, useSwipe } from './use-swipe';

function Area({ onSwipe }: { onSwipe: (step: -1 | 1) => void }) {
  return (
    <div data-testid="area" {...useSwipe(onSwipe)}>
      feed
    </div>
  );
}

const swipe = (from: [number, number], to: [number, number]) => {
  const area = screen.getByTestId('area');
  fireEvent.touchStart(area, { touches: [{ clientX: from[0], clientY: from[1] }] });
  fireEvent.touchEnd(area, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
};

describe('swipeStep', () => {
  it('goes to the next tab on a left swipe and the previous on a right swipe', () => {
    expect(swipeStep({ x: 300, y: 100 }, { x: 150, y: 110 })).toBe(1);
    expect(swipeStep({ x: 100, y: 100 }, { x: 250, y: 90 })).toBe(-1);
  });

  it('ignores short moves and moves steeper than 30°', () => {
    expect(swipeStep({ x: 100, y: 100 }, { x: 140, y: 100 })).toBe(0);
    expect(swipeStep({ x: 100, y: 100 }, { x: 200, y: 300 })).toBe(0);
    expect(swipeStep({ x: 100, y: 100 }, { x: 200, y: 160 })).toBe(0);
  });
});

describe('useSwipe', () => {
  it('reports a left swipe as next and a right swipe as previous', () => {
    const onSwipe = vi.fn();
    render(<Area onSwipe={onSwipe} />);
    swipe([300, 400], [200, 410]);
    swipe([100, 400], [220, 390]);
    expect(onSwipe.mock.calls).toEqual([[1], [-1]]);
  });

  it('ignores scrolling and short moves', () => {
    const onSwipe = vi.fn();
    render(<Area onSwipe={onSwipe} />);
    swipe([200, 600], [150, 300]);
    swipe([200, 400], [170, 400]);
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
