import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { useProgressSaver } from '../../../shared/works/use-progress-saver';
import { videoKeys } from '../api/keys';
import type { VideoDetail } from '../api/types';
import { savedSecond } from '../lib/time';

/** While a video plays, its second is saved at most this often (DESIGN §13: debounced while playing). */
export const PLAYING_SAVE_MS = 5000;
/** A seek while paused is saved once the viewer stops dragging for this long. */
export const SEEK_SAVE_MS = 800;

/**
 * Keeps the second of video `workId` through the works' saver (shared/works/use-progress-saver.ts):
 * saved on a steady rhythm while it plays, soon after a seek, at once on pause and end, and on
 * leaving. The answer moves the cached detail's progress.
 */
export function useVideoProgress(workId: number, video: RefObject<HTMLVideoElement | null>, active: boolean) {
  const queryClient = useQueryClient();
  const saver = useProgressSaver('video', workId, {
    active,
    onSaved: (progress, uid) =>
      queryClient.setQueryData<VideoDetail>(videoKeys.detail(uid, workId), (d) =>
        d ? { ...d, progress } : d,
      ),
  });

  useEffect(() => {
    const el = video.current;
    if (!active || !el) return;
    // A video is a work with a single unit whose id is the video's own (DESIGN §13).
    const note = (playing: boolean) =>
      saver.note(
        { unitId: workId, position: { second: savedSecond(el.currentTime) } },
        playing ? PLAYING_SAVE_MS : SEEK_SAVE_MS,
        playing,
      );
    const onMove = () => note(!el.paused && !el.ended);
    const onStop = () => {
      note(false);
      saver.flush(false);
    };
    el.addEventListener('timeupdate', onMove);
    el.addEventListener('seeked', onMove);
    el.addEventListener('pause', onStop);
    el.addEventListener('ended', onStop);
    return () => {
      el.removeEventListener('timeupdate', onMove);
      el.removeEventListener('seeked', onMove);
      el.removeEventListener('pause', onStop);
      el.removeEventListener('ended', onStop);
    };
  }, [active, saver, video, workId]);
}
