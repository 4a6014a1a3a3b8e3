import { ErrorCode } from '@ld/contract/codes';
import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { ThreadPage } from '@ld/contract/square';
import type { SquareSortValue } from '@ld/contract/square-values';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET post/{id}/comment/list: top-level comments, each with its first replies. */
export const getComments = (postId: number, sort: SquareSortValue, cursor: string) =>
  http.get<ThreadPage>(
    `/v1/square/post/${postId}/comment/list`,
    { sort, pageSize: DEFAULT_PAGE_SIZE, cursor: cursor || undefined },
    { quiet: [ErrorCode.notFound] },
  );

export const commentsQuery = (uid: string, postId: number, sort: SquareSortValue) =>
  infiniteQueryOptions({
    queryKey: squareKeys.comments(uid, postId, sort),
    queryFn: ({ pageParam }) => getComments(postId, sort, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: ThreadPage) => last.nextCursor ?? undefined,
  });

export function useComments(postId: number, sort: SquareSortValue, enabled = true) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery({ ...commentsQuery(uid, postId, sort), enabled });
}
