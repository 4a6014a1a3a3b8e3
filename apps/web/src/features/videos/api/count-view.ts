import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { getDeviceId } from '../../../shared/stores/device';
import { videoKeys } from './keys';
import type { VideoDetail, VideoView } from './types';

/**
 * POST /api/v1/video/{id}/view: the player page's view (docs/decisions/0046-video-views-apart.md).
 * The detail only reads, so the server can answer it inside the page's HTML; the view is counted
 * here, once per viewer and day by the server. A guest sends the device id, so their view counts
 * once per device and day. Quiet: a view that could not be counted is nothing the viewer can act on.
 */
export const countVideoView = (id: number, guest: boolean) =>
  http.post<VideoView>(`/v1/video/${id}/view`, guest ? { deviceId: getDeviceId() ?? undefined } : undefined, {
    quiet: true,
  });

/**
 * Counts the page's view of video `id` once the page shows it (`shown`: its detail is there, so a
 * missing video asks nothing): one call per video the page opens, whether its detail came with the
 * HTML or from the network, and the count it answers (this view included) replaces the shown one.
 */
export function useCountVideoView(id: number, shown: boolean): void {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || counted.current === id) return;
    counted.current = id;
    countVideoView(id, uid === '')
      .then(({ viewCount }) =>
        queryClient.setQueryData<VideoDetail>(videoKeys.detail(uid, id), (d) => d && { ...d, viewCount }),
      )
      .catch(() => {});
  }, [id, shown, uid, queryClient]);
}
