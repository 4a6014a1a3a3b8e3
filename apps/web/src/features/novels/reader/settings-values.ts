import {
  READER_LIMITS,
  READER_MODES,
  READER_THEMES,
  type ReaderMode,
  type ReaderTheme,
} from '@ld/contract/content-values';

// The settings sheet's own values, apart from reader-prefs.ts: the sheet loads on a tap, the
// preferences with the reader.
// The sliders' ranges are the contract's bounds; the steps are the sheet's own.
export const FONT_SIZE = { min: READER_LIMITS.fontSizeMin, max: READER_LIMITS.fontSizeMax, step: 1 } as const;
export const LINE_HEIGHT = {
  min: READER_LIMITS.lineHeightMin,
  max: READER_LIMITS.lineHeightMax,
  step: 0.2,
} as const;

const THEME_LABEL: Record<ReaderTheme, string> = {
  white: '白色',
  sepia: '米黄',
  green: '护眼绿',
  night: '夜间',
};
const MODE_LABEL: Record<ReaderMode, string> = { scroll: '上下滚动', page: '左右翻页' };
export const THEMES = READER_THEMES.map((id) => ({ id, label: THEME_LABEL[id] }));
export const MODES = READER_MODES.map((id) => ({ id, label: MODE_LABEL[id] }));

export const clampFontSize = (v: number) => Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Math.round(v)));
export const clampLineHeight = (v: number) =>
  Math.min(LINE_HEIGHT.max, Math.max(LINE_HEIGHT.min, Math.round(v * 10) / 10));
