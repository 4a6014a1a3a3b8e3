import type { LikeAnswer } from '@ld/contract/square';
import { type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { patchPost } from '../lib/cache';
import { squareKeys } from '../lib/query-keys';

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

/** The post's own copies (one per viewer) that are being read right now. */
const readingPost = (id: number) => (query: Query) =>
  query.queryKey[0] === squareKeys.posts[0] &&
  query.queryKey[1] === squareKeys.posts[1] &&
  query.queryKey[3] === id &&
  query.state.fetchStatus === 'fetching';

/**
 * Optimistic: the heart and the count change at once everywhere the post shows, and go back on
 * failure. A read of the post still on its way when the heart is tapped (the viewer's own copy,
 * asked as the app takes over the server's page) is called off: answered before the like, it would
 * land after it and put the old heart and count back; it is asked again once the like is settled.
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: Vars) => likePost(id, like),
    onMutate: async ({ id, like, before }) => {
      const called = queryClient.getQueryCache().findAll({ predicate: readingPost(id) }).length > 0;
      if (called) await queryClient.cancelQueries({ predicate: readingPost(id) });
      patchPost(queryClient, id, (p) => ({
        ...p,
        liked: like,
        likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)),
      }));
      return { called };
    },
    onError: (_error, { id, before }) => patchPost(queryClient, id, (p) => ({ ...p, ...before })),
    onSuccess: (answer, { id }) => patchPost(queryClient, id, (p) => ({ ...p, ...answer })),
    onSettled: (_answer, _error, { id }, context) => {
      if (context?.called) {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[1] === squareKeys.posts[1] && query.queryKey[3] === id,
          queryKey: squareKeys.posts,
        });
      }
    },
  });
}
