import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { MyCommentPage } from '@ld/contract/square';
import { SquareSort } from '@ld/contract/square-values';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET comment/me, newest first (spec §9: sort=2). */
export const getMyComments = (cursor: string) =>
  http.get<MyCommentPage>('/v1/square/comment/me', {
    sort: SquareSort.latest,
    pageSize: DEFAULT_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const myCommentsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: squareKeys.myComments(uid),
    queryFn: ({ pageParam }) => getMyComments(pageParam),
    initialPageParam: '',
    getNextPageParam: (last: MyCommentPage) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useMyComments() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(myCommentsQuery(uid));
}
