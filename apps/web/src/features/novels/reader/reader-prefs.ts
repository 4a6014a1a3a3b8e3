import type { ReaderPreferences } from '@ld/contract/content';
import { DEFAULT_READER } from '@ld/contract/content-values';
import { useEffect, useState } from 'react';
import { local } from '../../../shared/lib/local';
import { useAccountStore } from '../../../shared/stores/account';
import { usePutReadingSettings, useReadingSettings } from '../../../shared/works/api/reading-settings';

const DEFAULT_PREFS: ReaderPreferences = DEFAULT_READER;

const KEY = 'ld-reader-prefs';

function readLocal(): ReaderPreferences {
  try {
    const stored = JSON.parse(local.get(KEY) ?? 'null') as Partial<ReaderPreferences> | null;
    return { ...DEFAULT_PREFS, ...(stored ?? {}) };
  } catch {
    return DEFAULT_PREFS;
  }
}

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
