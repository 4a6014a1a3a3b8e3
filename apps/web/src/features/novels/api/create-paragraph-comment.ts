import { ErrorCode } from '@ld/contract/codes';
import type { ThreadComment } from '@ld/contract/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { readerKeys } from './get-chapter';
import { commentsPath, paragraphCommentKeys } from './paragraph-comments';

export interface ParagraphCommentInput {
  paragraph: number;
  content: string;
  replyCommentId?: number;
}

/** POST …/comments (JSON); sensitive words (1004) are the sheet's to show, not a toast. */
export const createParagraphComment = (workId: number, cid: number, body: ParagraphCommentInput) =>
  http.post<ThreadComment>(
    commentsPath(workId, cid),
    { ...body },
    {
      json: true,
      quiet: [ErrorCode.sensitiveWords],
    },
  );

/** The chapter's 段评 lists and its count bubbles (the chapter answer) change with every write. */
export async function refreshChapterComments(
  queryClient: ReturnType<typeof useQueryClient>,
  workId: number,
  cid: number,
) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: paragraphCommentKeys.chapter(workId, cid) }),
    queryClient.invalidateQueries({
      predicate: (q) => {
        const [a, b, c, w, id] = q.queryKey;
        const chapter = readerKeys.chapter(workId, cid, '');
        return a === chapter[0] && b === chapter[1] && c === chapter[2] && w === workId && id === cid;
      },
    }),
  ]);
}

export function useCreateParagraphComment(workId: number, cid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParagraphCommentInput) => createParagraphComment(workId, cid, body),
    onSuccess: () => refreshChapterComments(queryClient, workId, cid),
  });
}
