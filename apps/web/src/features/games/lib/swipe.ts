/** Horizontal swipes shorter than this (px), or steeper than 30°, do not change the tab. */
export const SWIPE_MIN_DISTANCE = 60;

/** -1 (to the previous tab), 1 (to the next) or 0 for a touch that moved from `start` to `end`. */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dy) > Math.abs(dx) * 0.58) return 0;
  return dx < 0 ? 1 : -1;
}
