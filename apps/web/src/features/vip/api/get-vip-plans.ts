import type { VipPlan } from '@ld/contract/vip';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** POST /api/vip/vipconfig: the membership plans (month / normal / year). */
export const getVipPlans = () => http.post<VipPlan[]>('/vip/vipconfig');

export const vipPlansQuery = () =>
  queryOptions({ queryKey: ['vip', 'plans'], queryFn: getVipPlans, staleTime: 10 * 60_000 });

export const useVipPlans = () => useQuery(vipPlansQuery());
