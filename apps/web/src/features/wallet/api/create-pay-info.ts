import type { PayInfo, PayProvider } from '@ld/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/order/payInfo: creates a recharge order with the chosen provider and answers where to pay it. */
export const createPayInfo = ({ packId, provider }: { packId: number; provider: PayProvider }) =>
  http.post<PayInfo>('/order/payInfo', { packId, provider });

export function useCreatePayInfo() {
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  return useMutation({
    mutationFn: createPayInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user', 'orders', uid] }),
  });
}
