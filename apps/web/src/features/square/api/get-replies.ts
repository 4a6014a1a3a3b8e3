import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { ReplyPage } from '@ld/contract/square';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET post/{postId}/comment/{commentId}/list: the replies under one comment (楼中楼), oldest first. */
export const getReplies = (postId: number, commentId: number, cursor: string) =>
  http.get<ReplyPage>(`/v1/square/post/${postId}/comment/${commentId}/list`, {
    pageSize: DEFAULT_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const repliesQuery = (uid: string, postId: number, commentId: number) =>
  infiniteQueryOptions({
    queryKey: squareKeys.replies(uid, postId, commentId),
    queryFn: ({ pageParam }) => getReplies(postId, commentId, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: ReplyPage) => last.nextCursor ?? undefined,
  });

/** Loaded only once 查看更多回复 is tapped. */
export function useReplies(postId: number, commentId: number, enabled: boolean) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery({ ...repliesQuery(uid, postId, commentId), enabled });
}
