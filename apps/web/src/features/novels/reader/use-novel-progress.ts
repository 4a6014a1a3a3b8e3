import type { NovelPosition, WorkDetail } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { SAVE_DELAY_MS } from '../../../shared/works/progress-saver';
import { useProgressSaver } from '../../../shared/works/use-progress-saver';
import { readerKeys } from '../api/get-chapter';
import { type NovelProgressInput, putProgress } from '../api/put-progress';

/**
 * Saves the reading position in chapter `unitId` through the works' saver
 * (shared/works/use-progress-saver.ts): `track()` after each move reads the position (at most once
 * a frame) and saves it once the reader rests. A save made offline is queued (put-progress.ts); an
 * answered one moves the reader's cached book.
 */
export function useNovelProgress(
  workId: number,
  unitId: number,
  read: () => NovelPosition | null,
  active: boolean,
) {
  const queryClient = useQueryClient();
  const saver = useProgressSaver('novel', workId, {
    active,
    put: (entry, keepalive) => putProgress(entry as NovelProgressInput, keepalive),
    onSaved: (progress, uid) =>
      queryClient.setQueryData<WorkDetail>(readerKeys.book(workId, uid), (book) =>
        book ? { ...book, progress } : book,
      ),
  });
  const last = useRef<NovelPosition | null>(null);
  const frame = useRef<number | null>(null);
  const readRef = useRef(read);
  readRef.current = read;

  const track = useCallback(() => {
    if (!active || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const position = readRef.current();
      if (!position) return;
      last.current = position;
      saver.note({ unitId, position }, SAVE_DELAY_MS);
    });
  }, [active, saver, unitId]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    },
    [],
  );

  return { track, last };
}
