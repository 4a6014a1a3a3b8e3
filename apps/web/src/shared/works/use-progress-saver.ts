import type { Progress, WorkKind } from '@ld/contract/content';
import { useEffect, useMemo, useRef } from 'react';
import { guestProgress } from '../lib/guest-progress';
import { getAccount } from '../stores/account';
import { type ProgressEntry, putProgress } from './api/put-progress';
import { createProgressSaver, type ProgressSaver } from './progress-saver';

export interface ProgressSaverOptions {
  /** Saves only while true (a reader that has opened at the saved place); leaving it saves. */
  active?: boolean;
  /** The kind's own PUT (the novels queue a save made offline); null when it was kept for later. */
  put?: (entry: ProgressEntry, keepalive: boolean) => Promise<Progress | null>;
  /** The server's answer for a logged-in reader, e.g. to move the cached detail's progress. */
  onSaved?: (progress: Progress, uid: string) => void;
}

/**
 * Keeps a reader's place in work `workId` (DESIGN §13), for every kind: `note()` on each move saves
 * once the reader rests (or on a rhythm, for a playing video); leaving (pagehide, the tab hidden,
 * another unit or page) saves at once, with keepalive when the page is going away. Logged in: PUT
 * /v1/progress with the device's clock (the newer wins); a guest: localStorage, merged at login.
 */
export function useProgressSaver(
  kind: WorkKind,
  workId: number,
  { active = true, put, onSaved }: ProgressSaverOptions = {},
): ProgressSaver {
  const latest = useRef({ put, onSaved });
  latest.current = { put, onSaved };

  const saver = useMemo(
    () =>
      createProgressSaver(({ unitId, position }, keepalive) => {
        const entry = { workId, unitId, position, clientTime: Date.now() };
        const { uid } = getAccount();
        if (uid === '') {
          guestProgress.save({ kind, ...entry });
          return undefined;
        }
        const pending = latest.current.put?.(entry, keepalive) ?? putProgress(kind, entry, keepalive);
        return pending.then((progress) => {
          if (progress) latest.current.onSaved?.(progress, uid);
        });
      }),
    [kind, workId],
  );

  useEffect(() => {
    if (!active) return;
    const onHide = () => saver.flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flush(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Another unit or another page: what was last read is saved now.
      saver.flush(false);
    };
  }, [active, saver]);

  return saver;
}
