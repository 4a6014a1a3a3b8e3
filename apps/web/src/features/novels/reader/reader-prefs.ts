import type { ReaderMode, ReaderPreferences, ReaderTheme } from '@ld/contract/content';
import { useEffect, useState } from 'react';
import { local } from '../../../shared/lib/local';
import { useAccountStore } from '../../../shared/stores/account';
import { usePutReadingSettings, useReadingSettings } from '../../../shared/works/api/reading-settings';

// The contract's bounds and defaults (content.ts), repeated here as plain values: that module
// carries zod, which the reader's chunk need not load.
export const FONT_SIZE = { min: 12, max: 32, step: 1 } as const;
export const LINE_HEIGHT = { min: 1.2, max: 3, step: 0.2 } as const;
export const DEFAULT_PREFS: ReaderPreferences = {
  fontSize: 18,
  lineHeight: 1.8,
  theme: 'white',
  mode: 'scroll',
};

export const THEMES: ReadonlyArray<{ id: ReaderTheme; label: string }> = [
  { id: 'white', label: '白色' },
  { id: 'sepia', label: '米黄' },
  { id: 'green', label: '护眼绿' },
  { id: 'night', label: '夜间' },
];
export const MODES: ReadonlyArray<{ id: ReaderMode; label: string }> = [
  { id: 'scroll', label: '上下滚动' },
  { id: 'page', label: '左右翻页' },
];

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
