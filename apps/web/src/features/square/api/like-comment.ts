import type { LikeAnswer } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { patchComment } from '../lib/cache';

/** POST / DELETE comment/{id}/like. */
export const likeComment = (id: number, like: boolean) =>
  like
    ? http.post<LikeAnswer>(`/v1/square/comment/${id}/like`)
    : http.delete<LikeAnswer>(`/v1/square/comment/${id}/like`);

interface Vars {
  id: number;
  like: boolean;
  before: { liked: boolean; likeCount: number };
}

/** Optimistic like of a comment or reply, put back if the server refuses. */
export function useLikeComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: Vars) => likeComment(id, like),
    onMutate: ({ id, like, before }) => {
      patchComment(queryClient, id, (c) => ({
        ...c,
        liked: like,
        likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)),
      }));
    },
    onError: (_error, { id, before }) => patchComment(queryClient, id, (c) => ({ ...c, ...before })),
    onSuccess: (answer, { id }) => patchComment(queryClient, id, (c) => ({ ...c, ...answer })),
  });
}
