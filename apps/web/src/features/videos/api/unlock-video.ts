import type { UserStatus } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/codes';
import type { UnlockAnswer } from '@ld/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount } from '../../../shared/stores/account';
import { videoKeys } from './keys';

/** POST /v1/video/{id}/unit/{id}/unlock (a video is its own single unit): charged once; 1001 when short. */
export const unlockVideo = (id: number) =>
  http.post<UnlockAnswer>(`/v1/video/${id}/unit/${id}/unlock`, undefined, {
    quiet: [ErrorCode.balanceInsufficient],
  });

export function useUnlockVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockVideo,
    onSuccess: async (answer, id) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      await queryClient.invalidateQueries({ queryKey: videoKeys.detail(uid, id) });
    },
  });
}
