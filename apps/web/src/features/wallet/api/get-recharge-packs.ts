import type { RechargePack } from '@ld/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** GET /api/v1/wallet/packs: the recharge packs (price in fen, diamonds, bonus). */
export const getRechargePacks = () => http.get<RechargePack[]>('/v1/wallet/packs');

export const rechargePacksQuery = () =>
  queryOptions({ queryKey: ['wallet', 'packs'], queryFn: getRechargePacks, staleTime: 10 * 60_000 });

export const useRechargePacks = () => useQuery(rechargePacksQuery());
