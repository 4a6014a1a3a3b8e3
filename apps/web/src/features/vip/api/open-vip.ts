import type { UserStatus } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/codes';
import type { VipStatus } from '@ld/contract/vip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

export interface OpenVipRequest {
  vipType: number;
  /** One per tap: the server pays once for a repeated id (a double tap). */
  requestId: string;
}

/** POST /api/vip/vipopen: pays the plan in diamonds and extends membership. 1001 is the caller's to handle. */
export const openVip = (request: OpenVipRequest) =>
  http.post<VipStatus>('/vip/vipopen', { ...request }, { quiet: [ErrorCode.balanceInsufficient] });

export function useOpenVip() {
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  return useMutation({
    mutationFn: openVip,
    onSuccess: (answer) => {
      // Show the new balance and expiry at once, then let the server's full status replace it.
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (old) =>
        old ? { ...old, ...answer } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['user', 'status', uid] });
      void queryClient.invalidateQueries({ queryKey: ['user', 'ledger', uid] });
      // Membership changes what every paid game costs this user.
      void queryClient.invalidateQueries({ queryKey: ['games'] });
    },
  });
}
