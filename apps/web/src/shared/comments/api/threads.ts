import type { CursorPage } from '@ld/contract/envelope';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../http/client';
import { useAccountStore } from '../../stores/account';
import { COMMENT_PAGE_SIZE } from '../limits';
import { type CommentPlace, commentKeys, type PlaceComment, type PlaceThread } from '../place';

/** GET the place's threads (1 热门, 2 最新), each with its first replies. */
export const threadsQuery = (place: CommentPlace, sort: number, uid: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.threads(place, sort, uid),
    queryFn: ({ pageParam }) =>
      http.get<CursorPage<PlaceThread>>(
        place.list,
        { ...place.scope, sort, pageSize: COMMENT_PAGE_SIZE, cursor: pageParam || undefined },
        place.quietList ? { quiet: place.quietList } : undefined,
      ),
    initialPageParam: '',
    getNextPageParam: (last: CursorPage<PlaceThread>) => last.nextCursor ?? undefined,
  });

export function useThreads(place: CommentPlace, sort: number, enabled = true) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery({ ...threadsQuery(place, sort, uid), enabled });
}

/** GET one comment's replies (楼中楼), asked only once the thread is opened. */
export function useReplies(place: CommentPlace, commentId: number, enabled: boolean) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: commentKeys.replies(place, commentId, uid),
      queryFn: ({ pageParam }) =>
        http.get<CursorPage<PlaceComment>>(place.replies(commentId), {
          pageSize: COMMENT_PAGE_SIZE,
          cursor: pageParam || undefined,
        }),
      initialPageParam: '',
      getNextPageParam: (last: CursorPage<PlaceComment>) => last.nextCursor ?? undefined,
    }),
    enabled,
  });
}
