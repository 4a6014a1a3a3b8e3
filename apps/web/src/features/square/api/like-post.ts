import type { LikeAnswer } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { patchPost } from '../lib/cache';

/** POST / DELETE post/{id}/like. */
export const likePost = (id: number, like: boolean) =>
  like
    ? http.post<LikeAnswer>(`/v1/square/post/${id}/like`)
    : http.delete<LikeAnswer>(`/v1/square/post/${id}/like`);

interface Vars {
  id: number;
  like: boolean;
  /** The state before the tap, to put back if the server refuses. */
  before: { liked: boolean; likeCount: number };
}

/** Optimistic: the heart and the count change at once everywhere the post shows, and go back on failure. */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: Vars) => likePost(id, like),
    onMutate: ({ id, like, before }) => {
      patchPost(queryClient, id, (p) => ({
        ...p,
        liked: like,
        likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)),
      }));
    },
    onError: (_error, { id, before }) => patchPost(queryClient, id, (p) => ({ ...p, ...before })),
    onSuccess: (answer, { id }) => patchPost(queryClient, id, (p) => ({ ...p, ...answer })),
  });
}
