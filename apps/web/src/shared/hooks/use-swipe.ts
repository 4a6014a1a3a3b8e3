import { type TouchEvent, useRef } from 'react';

/** Sideways moves shorter than this (px), or steeper than 30°, are scrolling, not a swipe. */
export const SWIPE_MIN_PX = 60;

interface Point {
  x: number;
  y: number;
}

/** 1 (to the next tab: the finger moved left), -1 (to the previous) or 0 for a touch from `start` to `end`. */
export function swipeStep(start: Point, end: Point): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx) * Math.tan(Math.PI / 6)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Touch handlers for an area whose horizontal swipes step through tabs; `onSwipe` gets 1 (next) or -1 (previous). */
export function useSwipe(onSwipe: (step: -1 | 1) => void) {
  const start = useRef<Point | null>(null);
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
      const step = swipeStep(from, { x: t.clientX, y: t.clientY });
      if (step !== 0) onSwipe(step);
    },
  };
}
