import { ErrorCode } from '@ld/contract/codes';
import type { Comment } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { patchPost } from '../lib/cache';
import { squareKeys } from '../lib/query-keys';

export interface CommentInput {
  postId: number;
  content: string;
  replyCommentId?: number;
}

/** POST post/{id}/comment (JSON); with replyCommentId it answers that comment or reply. */
export const createComment = ({ postId, ...body }: CommentInput) =>
  http.post<Comment>(`/v1/square/post/${postId}/comment`, body, {
    json: true,
    quiet: [ErrorCode.sensitiveWords],
  });

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async (_comment, { postId }) => {
      patchPost(queryClient, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: squareKeys.commentsAll }),
        queryClient.invalidateQueries({ queryKey: squareKeys.repliesAll }),
        queryClient.invalidateQueries({ queryKey: squareKeys.mine }),
      ]);
    },
  });
}
