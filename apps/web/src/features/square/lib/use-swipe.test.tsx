import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSwipe } from './use-swipe';

function Area({ onSwipe }: { onSwipe: (d: -1 | 1) => void }) {
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

afterEach(cleanup);

describe('useSwipe', () => {
  it('reports a left swipe as next and a right swipe as previous', () => {
    const onSwipe = vi.fn();
    render(<Area onSwipe={onSwipe} />);
    swipe([300, 400], [200, 410]);
    swipe([100, 400], [220, 390]);
    expect(onSwipe.mock.calls).toEqual([[-1], [1]]);
  });

  it('ignores scrolling and short moves', () => {
    const onSwipe = vi.fn();
    render(<Area onSwipe={onSwipe} />);
    swipe([200, 600], [150, 300]);
    swipe([200, 400], [170, 400]);
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
