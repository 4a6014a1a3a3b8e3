import type { ReaderPreferences } from '@ld/contract/content';
import {
  DEFAULT_READER,
  READER_LIMITS,
  READER_MODES,
  READER_THEMES,
  type ReaderMode,
  type ReaderTheme,
} from '@ld/contract/content-values';
import { useEffect, useState } from 'react';
import { local } from '../../../shared/lib/local';
import { useAccountStore } from '../../../shared/stores/account';
import { usePutReadingSettings, useReadingSettings } from '../../../shared/works/api/reading-settings';

// The sliders' ranges are the contract's bounds; the steps are the sheet's own.
export const FONT_SIZE = { min: READER_LIMITS.fontSizeMin, max: READER_LIMITS.fontSizeMax, step: 1 } as const;
export const LINE_HEIGHT = {
  min: READER_LIMITS.lineHeightMin,
  max: READER_LIMITS.lineHeightMax,
  step: 0.2,
} as const;
const DEFAULT_PREFS: ReaderPreferences = DEFAULT_READER;

const THEME_LABEL: Record<ReaderTheme, string> = {
  white: '白色',
  sepia: '米黄',
  green: '护眼绿',
  night: '夜间',
};
const MODE_LABEL: Record<ReaderMode, string> = { scroll: '上下滚动', page: '左右翻页' };
export const THEMES = READER_THEMES.map((id) => ({ id, label: THEME_LABEL[id] }));
export const MODES = READER_MODES.map((id) => ({ id, label: MODE_LABEL[id] }));

const KEY = 'ld-reader-prefs';

function readLocal(): ReaderPreferences {
  try {
    const stored = JSON.parse(local.get(KEY) ?? 'null') as Partial<ReaderPreferences> | null;
    return { ...DEFAULT_PREFS, ...(stored ?? {}) };
  } catch {
    return DEFAULT_PREFS;
  }
}

export const clampFontSize = (v: number) => Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Math.round(v)));
export const clampLineHeight = (v: number) =>
  Math.min(LINE_HEIGHT.max, Math.max(LINE_HEIGHT.min, Math.round(v * 10) / 10));

/**
 * Font size, line height, theme and mode, remembered per user: on the account (reading settings)
 * when logged in, in localStorage for a guest. The local copy also paints the first frame of a
 * logged-in reader before its settings arrive.
 */
export function useReaderPrefs(): [ReaderPreferences, (patch: Partial<ReaderPreferences>) => void] {
  const isLoggedIn = useAccountStore((s) => s.account.uid !== '');
  const settings = useReadingSettings();
  const save = usePutReadingSettings();
  const [prefs, setPrefs] = useState<ReaderPreferences>(readLocal);
  const server = settings.data?.reader;

  useEffect(() => {
    if (!server) return;
    setPrefs(server);
    local.set(KEY, JSON.stringify(server));
  }, [server]);

  const update = (patch: Partial<ReaderPreferences>) => {
    const next = { ...prefs, ...patch };
    setPrefs(next);
    local.set(KEY, JSON.stringify(next));
    if (isLoggedIn) save.mutate({ reader: patch });
  };
  return [prefs, update];
}
