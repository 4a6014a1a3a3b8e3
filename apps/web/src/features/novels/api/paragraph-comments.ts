import type { ThreadCommentPage } from '@ld/contract/comments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** 段评 sort: 1 热门, 2 最新. */
export type CommentSort = 1 | 2;
export const PARAGRAPH_COMMENTS_PAGE = 10;

/** Where one chapter's 段评 sit in the query cache (lists and replies of every paragraph). */
export const paragraphCommentKeys = {
  chapter: (workId: number, cid: number) => ['novels', 'paragraph-comments', workId, cid] as const,
  list: (workId: number, cid: number, paragraph: number, sort: CommentSort, uid: string) =>
    ['novels', 'paragraph-comments', workId, cid, 'list', paragraph, sort, uid] as const,
  replies: (workId: number, cid: number, commentId: number, uid: string) =>
    ['novels', 'paragraph-comments', workId, cid, 'replies', commentId, uid] as const,
};

export const commentsPath = (workId: number, cid: number) => `/v1/novel/${workId}/chapter/${cid}/comments`;

/** GET /v1/novel/{id}/chapter/{cid}/comments?paragraph=N: top-level 段评 with their first replies. */
export const getParagraphComments = (
  workId: number,
  cid: number,
  paragraph: number,
  sort: CommentSort,
  cursor: string,
) =>
  http.get<ThreadCommentPage>(commentsPath(workId, cid), {
    paragraph,
    sort,
    pageSize: PARAGRAPH_COMMENTS_PAGE,
    cursor: cursor || undefined,
  });

export function useParagraphComments(workId: number, cid: number, paragraph: number, sort: CommentSort) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: paragraphCommentKeys.list(workId, cid, paragraph, sort, uid),
      queryFn: ({ pageParam }) => getParagraphComments(workId, cid, paragraph, sort, pageParam),
      initialPageParam: '',
      getNextPageParam: (last: ThreadCommentPage) => last.nextCursor ?? undefined,
    }),
  );
}
