import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { getAccount } from '../../../shared/stores/account';
import { videoKeys } from '../api/keys';
import { putVideoProgress } from '../api/put-video-progress';
import type { VideoDetail } from '../api/types';
import { createProgressSaver } from './progress-saver';

/**
 * Keeps the second of video `workId` (DESIGN §13): saved on a steady rhythm while it plays, soon
 * after a seek, at once on pause and end, and on leaving (another page, the tab hidden, the page
 * closed, with keepalive). Logged in: PUT /v1/progress with the client's time (the newer wins on
 * the server) and the cached detail follows; a guest: localStorage, merged at login.
 */
export function useVideoProgress(workId: number, video: RefObject<HTMLVideoElement | null>, active: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const el = video.current;
    if (!active || !el) return;
    const saver = createProgressSaver((second, keepalive) => {
      const clientTime = Date.now();
      const { uid } = getAccount();
      if (uid === '') {
        guestProgress.save({ kind: 'video', workId, unitId: workId, position: { second }, clientTime });
        return undefined;
      }
      return putVideoProgress(workId, second, clientTime, keepalive).then((progress) => {
        queryClient.setQueryData<VideoDetail>(videoKeys.detail(uid, workId), (d) =>
          d ? { ...d, progress } : d,
        );
      });
    });
    const onMove = () => saver.note(el.currentTime, !el.paused && !el.ended);
    const onStop = () => {
      saver.note(el.currentTime, false);
      saver.flush(false);
    };
    const onHide = () => saver.flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flush(true);
    };
    el.addEventListener('timeupdate', onMove);
    el.addEventListener('seeked', onMove);
    el.addEventListener('pause', onStop);
    el.addEventListener('ended', onStop);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      el.removeEventListener('timeupdate', onMove);
      el.removeEventListener('seeked', onMove);
      el.removeEventListener('pause', onStop);
      el.removeEventListener('ended', onStop);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Another video or another page: where it was is saved now.
      saver.flush(false);
    };
  }, [active, queryClient, video, workId]);
}
