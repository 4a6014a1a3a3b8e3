import type { UserStatus } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/codes';
import type { UnlockAnswer } from '@ld/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount } from '../../../shared/stores/account';
import { readerKeys } from './get-chapter';

/** POST /v1/novel/{id}/unit/{unitId}/unlock: charged once per user and chapter; 1001 when short. */
export const unlockUnit = ({ workId, unitId }: { workId: number; unitId: number }) =>
  http.post<UnlockAnswer>(`/v1/novel/${workId}/unit/${unitId}/unlock`, undefined, {
    quiet: [ErrorCode.balanceInsufficient],
  });

export function useUnlockUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUnit,
    onSuccess: async (answer, { workId, unitId }) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: readerKeys.chapter(workId, unitId, uid) }),
        queryClient.invalidateQueries({ queryKey: readerKeys.units(workId, uid) }),
        queryClient.invalidateQueries({ queryKey: readerKeys.settings(uid) }),
      ]);
    },
  });
}
