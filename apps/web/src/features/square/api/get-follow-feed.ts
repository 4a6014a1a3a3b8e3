import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { PostPage } from '@ld/contract/square';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET post/follow: newest posts of the people I follow (login needed). */
export const getFollowFeed = (cursor: string) =>
  http.get<PostPage>('/v1/square/post/follow', { pageSize: DEFAULT_PAGE_SIZE, cursor: cursor || undefined });

export const followFeedQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: squareKeys.follow(uid),
    queryFn: ({ pageParam }) => getFollowFeed(pageParam),
    initialPageParam: '',
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useFollowFeed(enabled = true) {
  const uid = useAccountStore((s) => s.account.uid);
  const options = followFeedQuery(uid);
  return useInfiniteQuery({ ...options, enabled: enabled && uid !== '' });
}
