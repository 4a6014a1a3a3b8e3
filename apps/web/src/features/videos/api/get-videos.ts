import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { type VideoFilter, videoKeys } from './keys';
import type { VideoPage } from './types';

export const VIDEO_PAGE_SIZE = 12;

/** GET /api/v1/video/list: one category or all, ranked by `sort`, by cursor. */
export const getVideos = (filter: VideoFilter, cursor: string) =>
  http.get<VideoPage>('/v1/video/list', {
    category: filter.category ?? undefined,
    sort: filter.sort,
    pageSize: VIDEO_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const videosQuery = (filter: VideoFilter) =>
  infiniteQueryOptions({
    queryKey: videoKeys.list(filter),
    queryFn: ({ pageParam }) => getVideos(filter, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: VideoPage) => last.nextCursor ?? undefined,
  });

export function useVideos(filter: VideoFilter) {
  return useInfiniteQuery(videosQuery(filter));
}
