import type { UserStatus } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/codes';
import type { UnlockAnswer, WorkKind } from '@ld/contract/content';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../http/client';
import { getAccount } from '../../stores/account';
import { worksKeys } from './keys';

export interface UnlockInput {
  workId: number;
  /** A video's single unit is the video's own id (DESIGN §13). */
  unitId: number;
}

/** POST /v1/{kind}/{id}/unit/{unitId}/unlock: charged once per user and unit; 1001 when short. */
export const unlockUnit = (kind: WorkKind, { workId, unitId }: UnlockInput) =>
  http.post<UnlockAnswer>(`/v1/${kind}/${workId}/unit/${unitId}/unlock`, undefined, {
    quiet: [ErrorCode.balanceInsufficient],
  });

/**
 * Buys a unit: the balance shown follows the answer, and what the purchase opened is read again:
 * `refresh(uid)` names the kind's own queries (the unit, its menu, the detail), and today's spend
 * beside the auto-unlock switch.
 */
export function useUnlockUnit(kind: WorkKind, refresh: (uid: string) => readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnlockInput) => unlockUnit(kind, input),
    onSuccess: async (answer) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      await Promise.all(
        [...refresh(uid), worksKeys.settings(uid)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
