/** Seconds as the player and the cards show them: 0:07, 3:05, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Within this many seconds of the end a video counts as watched and opens from the start again;
 * never more than a tenth of the video (a 4 s clip left at 2.4 s resumes there).
 */
export const RESUME_END_MARGIN_S = 2;
export const endMargin = (duration: number) => Math.min(RESUME_END_MARGIN_S, duration * 0.1);

/**
 * Where a video opens: the saved second, unless there is none, it is past the end, or it is so near
 * the end that resuming would show only the last frame (then 0, watch again).
 */
export function resumeSecond(saved: number | null | undefined, duration: number): number {
  if (saved === null || saved === undefined || !Number.isFinite(saved) || saved <= 0) return 0;
  if (duration > 0 && saved >= duration - endMargin(duration)) return 0;
  return saved;
}

/** The second a save sends: tenths, so that a resume lands on the frame it left (the API takes any number ≥ 0). */
export const savedSecond = (currentTime: number): number =>
  Math.max(0, Math.round((Number.isFinite(currentTime) ? currentTime : 0) * 10) / 10);
