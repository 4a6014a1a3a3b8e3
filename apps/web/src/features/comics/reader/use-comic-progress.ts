import type { ComicPosition } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { getAccount } from '../../../shared/stores/account';
import { putComicProgress } from '../api/comic-actions';
import { comicKeys } from '../api/keys';

/** A save waits this long after the reader stops moving (DESIGN §13: debounced while reading). */
export const SAVE_DELAY_MS = 1000;

interface Place {
  unitId: number;
  position: ComicPosition;
}

/**
 * Saves the comic reader's place (episode, panel, offset in the panel's image pixels): `track()`
 * after each move keeps it and saves once the reader rests; leaving (pagehide, a hidden tab, the
 * page unmounting) saves at once, with keepalive when the page is going away. Logged in: PUT
 * /v1/progress with the device's clock (the newer wins); a guest: localStorage, merged at login.
 */
export function useComicProgress(workId: number) {
  const queryClient = useQueryClient();
  const last = useRef<Place | null>(null);
  const saved = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const place = last.current;
      if (!place) return;
      const signature = `${place.unitId}:${place.position.panel}:${place.position.offset}`;
      if (signature === saved.current) return;
      saved.current = signature;
      const entry = { workId, unitId: place.unitId, position: place.position, clientTime: Date.now() };
      const { uid } = getAccount();
      if (uid === '') {
        guestProgress.save({ kind: 'comic', ...entry });
        return;
      }
      putComicProgress(entry, keepalive)
        .then(() => queryClient.invalidateQueries({ queryKey: comicKeys.details, refetchType: 'none' }))
        .catch(() => {
          // Quiet: the next move saves again.
          saved.current = '';
        });
    },
    [queryClient, workId],
  );

  const track = useCallback(
    (place: Place) => {
      last.current = place;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(false), SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const onHide = () => flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(false);
    };
  }, [flush]);

  return { track, flush };
}
