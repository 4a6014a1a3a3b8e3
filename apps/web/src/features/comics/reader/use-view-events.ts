import { useEffect, useRef } from 'react';
import type { StripRefs } from './strip-refs';

/**
 * Calls `onView` at most once a frame on what moves the view: scroll, resize, newly arrived
 * episodes (each render). A pull up at the very top moves nothing, so it is read from the gesture
 * itself (wheel, touch, keys) and noted in `refs.pulled`.
 */
export function useViewEvents(refs: StripRefs, onView: () => void): void {
  // Where a touch started, kept across renders (the listeners are set again after each one).
  const touchY = useRef<number | null>(null);
  useEffect(() => {
    let frame: number | null = null;
    const schedule = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        onView();
      });
    };
    const up = () => {
      refs.pulled.current = true;
      schedule();
    };
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) up();
    };
    const onTouchStart = (e: TouchEvent) => {
      touchY.current = e.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (touchY.current !== null && y !== undefined && y > touchY.current + 8) up();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowUp' || e.key === 'PageUp' || e.key === 'Home') up();
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('touchstart', onTouchStart, { passive: true });
    window.addEventListener('touchmove', onTouchMove, { passive: true });
    window.addEventListener('keydown', onKey);
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKey);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  });
}
