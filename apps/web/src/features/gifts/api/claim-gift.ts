import type { ClaimAnswer } from '@ld/contract/gifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** POST /api/v1/gift/{packId}/claim: one code per user per pack. */
export const claimGift = (packId: number) => http.post<ClaimAnswer>(`/v1/gift/${packId}/claim`);

/** Claims a code; every gift list (a game's packs, the gift centre, 奖励礼包) is refreshed after. */
export function useClaimGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimGift,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['gifts'] }),
  });
}
