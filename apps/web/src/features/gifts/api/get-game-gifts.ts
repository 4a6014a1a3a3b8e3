import type { GiftPack } from '@ld/contract/gifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/web/game/detail/giftlist: a game's packs with stock and the caller's code. */
export const getGameGifts = (appID: number) => http.post<GiftPack[]>('/web/game/detail/giftlist', { appID });

export const gameGiftsQuery = (appID: number, uid: string) =>
  queryOptions({
    queryKey: ['gifts', 'game', appID, uid],
    queryFn: () => getGameGifts(appID),
    enabled: appID > 0,
  });

export function useGameGifts(appID: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(gameGiftsQuery(appID, uid));
}
