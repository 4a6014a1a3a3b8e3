import type { PayMethod } from '@ld/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** GET /api/v1/wallet/pay-methods: the providers the server is configured with, the default first. */
export const getPayMethods = () => http.get<PayMethod[]>('/v1/wallet/pay-methods');

export const payMethodsQuery = () =>
  queryOptions({ queryKey: ['wallet', 'pay-methods'], queryFn: getPayMethods, staleTime: 10 * 60_000 });

export const usePayMethods = () => useQuery(payMethodsQuery());
