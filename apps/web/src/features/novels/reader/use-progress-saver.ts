import type { NovelPosition, WorkDetail } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { getAccount } from '../../../shared/stores/account';
import { readerKeys } from '../api/get-chapter';
import { putProgress } from '../api/put-progress';

/** A save waits this long after the reader stops moving (DESIGN §13: debounced while reading). */
export const SAVE_DELAY_MS = 1000;

/**
 * Saves the reading position of chapter `unitId`: `track()` after each move reads it (at most once a
 * frame) and saves it once the reader rests; leaving (pagehide, the tab hidden, another chapter,
 * another page) saves at once, with keepalive when the page is going away. Logged in: PUT
 * /v1/progress with the client's time (the newer wins); a guest: localStorage, merged at login.
 */
export function useProgressSaver(
  workId: number,
  unitId: number,
  read: () => NovelPosition | null,
  active: boolean,
) {
  const queryClient = useQueryClient();
  const last = useRef<NovelPosition | null>(null);
  const saved = useRef<string>('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<number | null>(null);
  const readRef = useRef(read);
  readRef.current = read;

  const flush = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const position = last.current;
      if (!position) return;
      const signature = `${unitId}:${position.paragraph}:${position.offset}`;
      if (signature === saved.current) return;
      saved.current = signature;
      const entry = { workId, unitId, position, clientTime: Date.now() };
      const { uid } = getAccount();
      if (uid === '') {
        guestProgress.save({ kind: 'novel', ...entry });
        return;
      }
      putProgress(entry, keepalive)
        .then((progress) => {
          queryClient.setQueryData<WorkDetail>(readerKeys.book(workId, uid), (book) =>
            book ? { ...book, progress } : book,
          );
        })
        .catch(() => {
          // Quiet: the next move saves again.
          saved.current = '';
        });
    },
    [queryClient, unitId, workId],
  );

  const track = useCallback(() => {
    if (!active || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const position = readRef.current();
      if (!position) return;
      last.current = position;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(false), SAVE_DELAY_MS);
    });
  }, [active, flush]);

  useEffect(() => {
    if (!active) return;
    const onHide = () => flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      // Another chapter or another page: what was last read is saved now.
      flush(false);
    };
  }, [active, flush]);

  return { track, last };
}
