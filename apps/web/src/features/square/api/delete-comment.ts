import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '../../../shared/comments/place';
import { http } from '../../../shared/http/client';
import { invalidatePostLists } from '../lib/cache';
import { squareKeys } from '../lib/query-keys';

/** DELETE comment/{id} (own comments only; a comment takes its replies with it). */
export const deleteComment = (id: number) => http.delete<null>(`/v1/square/comment/${id}`);

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; postId: number }) => deleteComment(input.id),
    onSuccess: async () => {
      await Promise.all([
        // The threads of the post, wherever they are shown (shared/comments).
        queryClient.invalidateQueries({ queryKey: commentKeys.all }),
        queryClient.invalidateQueries({ queryKey: squareKeys.mine }),
        // The post's comment count changed by the comment and any replies it took along.
        queryClient.invalidateQueries({ queryKey: squareKeys.posts }),
        invalidatePostLists(queryClient),
      ]);
    },
  });
}
