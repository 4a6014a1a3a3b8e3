import type { ThreadReplyPage } from '@ld/contract/comments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { commentsPath, PARAGRAPH_COMMENTS_PAGE, paragraphCommentKeys } from './paragraph-comments';

/** GET …/comments/{commentId}/replies: every reply under a 段评, oldest first. */
export const getParagraphReplies = (workId: number, cid: number, commentId: number, cursor: string) =>
  http.get<ThreadReplyPage>(`${commentsPath(workId, cid)}/${commentId}/replies`, {
    pageSize: PARAGRAPH_COMMENTS_PAGE,
    cursor: cursor || undefined,
  });

export function useParagraphReplies(workId: number, cid: number, commentId: number, enabled: boolean) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: paragraphCommentKeys.replies(workId, cid, commentId, uid),
      queryFn: ({ pageParam }) => getParagraphReplies(workId, cid, commentId, pageParam),
      initialPageParam: '',
      getNextPageParam: (last: ThreadReplyPage) => last.nextCursor ?? undefined,
    }),
    enabled,
  });
}
