import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { PostPage } from '@ld/contract/square';
import { SquareSort } from '@ld/contract/square-values';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET post/me, newest first (spec §9: sort=2). */
export const getMyPosts = (cursor: string) =>
  http.get<PostPage>('/v1/square/post/me', {
    sort: SquareSort.latest,
    pageSize: DEFAULT_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const myPostsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: squareKeys.myPosts(uid),
    queryFn: ({ pageParam }) => getMyPosts(pageParam),
    initialPageParam: '',
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useMyPosts() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(myPostsQuery(uid));
}
