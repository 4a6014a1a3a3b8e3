import type { FollowAnswer } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { patchAuthor } from '../lib/cache';
import { squareKeys } from '../lib/query-keys';

/** POST / DELETE /api/v1/user/follow/{id}. */
export const followUser = (uid: string, follow: boolean) =>
  follow
    ? http.post<FollowAnswer>(`/v1/user/follow/${uid}`)
    : http.delete<FollowAnswer>(`/v1/user/follow/${uid}`);

export function useFollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, follow }: { uid: string; follow: boolean }) => followUser(uid, follow),
    onSuccess: async (answer, { uid }) => {
      patchAuthor(queryClient, uid, answer.followed);
      await queryClient.invalidateQueries({ queryKey: squareKeys.followAll });
    },
  });
}
