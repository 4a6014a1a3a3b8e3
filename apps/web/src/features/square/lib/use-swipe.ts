import { type TouchEvent, useRef } from 'react';

/** How far a finger must travel sideways, mostly horizontally, to count as a swipe. */
export const SWIPE_MIN_PX = 60;

/** Touch handlers that report a horizontal swipe: -1 to the left (next), 1 to the right (previous). */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!from || !t) return;
      const dx = t.clientX - from.x;
      const dy = t.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 2) onSwipe(dx < 0 ? -1 : 1);
    },
  };
}
