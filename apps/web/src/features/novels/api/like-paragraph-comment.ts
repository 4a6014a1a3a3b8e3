import type { LikeAnswer } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { commentsPath, paragraphCommentKeys } from './paragraph-comments';

/** POST / DELETE …/comments/{commentId}/like. */
export const likeParagraphComment = (workId: number, cid: number, commentId: number, like: boolean) => {
  const path = `${commentsPath(workId, cid)}/${commentId}/like`;
  return like ? http.post<LikeAnswer>(path) : http.delete<LikeAnswer>(path);
};

export function useLikeParagraphComment(workId: number, cid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, like }: { commentId: number; like: boolean }) =>
      likeParagraphComment(workId, cid, commentId, like),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paragraphCommentKeys.chapter(workId, cid) }),
  });
}
