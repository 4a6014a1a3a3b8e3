import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { videoKeys } from './keys';
import type { VideoDetail } from './types';

/** An id from the address: a positive integer, or the page says the video does not exist. */
export const validVideoId = (n: number) => Number.isSafeInteger(n) && n > 0;

/**
 * GET /api/v1/video/{id}: the video with the caller's progress, subscription and lock. It counts no
 * view (the page does, shared/works/use-count-work-view.ts), so asking for it counts nothing.
 */
// A video that does not exist is shown by the page, not toasted.
export const getVideo = (id: number) =>
  http.get<VideoDetail>(`/v1/video/${id}`, undefined, {
    quiet: QUIET_NOT_FOUND,
  });

export const videoQuery = (uid: string, id: number) =>
  queryOptions({
    queryKey: videoKeys.detail(uid, id),
    queryFn: () => getVideo(id),
    enabled: validVideoId(id),
  });

export function useVideo(id: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(videoQuery(uid, id));
}
