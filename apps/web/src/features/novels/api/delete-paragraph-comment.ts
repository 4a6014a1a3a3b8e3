import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { refreshChapterComments } from './create-paragraph-comment';
import { commentsPath } from './paragraph-comments';

/** DELETE …/comments/{commentId}: own 段评 only; a comment takes its replies with it. */
export const deleteParagraphComment = (workId: number, cid: number, commentId: number) =>
  http.delete<null>(`${commentsPath(workId, cid)}/${commentId}`);

export function useDeleteParagraphComment(workId: number, cid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteParagraphComment(workId, cid, commentId),
    onSuccess: () => refreshChapterComments(queryClient, workId, cid),
  });
}
