export const LAYOUT_MAX_WIDTH = 520;
export const MOBILE_MAX = 768;
export const TABLET_MAX = 1024;

/** Root font size: 16px × container width / 375, the factor capped at 2 (spec §9). */
export function rootFontSize(containerWidth: number): number {
  return 16 * Math.min(containerWidth / 375, 2);
}

/** The column never grows past 520px, so the rem base follows the column, not the window. */
export const containerWidth = (windowWidth: number): number => Math.min(windowWidth, LAYOUT_MAX_WIDTH);

export type ScreenMode = 'mobile' | 'tablet' | 'desktop';

/** Below 768px is mobile; 769 to 1024px is tablet; both use the full width (spec §2). */
export function screenMode(windowWidth: number): ScreenMode {
  if (windowWidth <= MOBILE_MAX) return 'mobile';
  if (windowWidth <= TABLET_MAX) return 'tablet';
  return 'desktop';
}

/** A desktop browser: a fine pointer and no touch-first user agent. */
export function isDesktopBrowser(userAgent: string, hasFinePointer: boolean): boolean {
  return hasFinePointer && !/Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

/** A length given in px at the 375 px design width, in rem so that it scales with the page (spec §9). */
export const pxToRem = (px: number): string => `${px / 16}rem`;
