import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { invalidatePostLists } from '../lib/cache';

/** DELETE post/{id} (own posts only). */
export const deletePost = (id: number) => http.delete<null>(`/v1/square/post/${id}`);

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] === 'square' && q.queryKey[1] === 'post' && q.queryKey[3] === id,
      });
      await invalidatePostLists(queryClient);
    },
  });
}
