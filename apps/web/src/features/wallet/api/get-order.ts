import type { Order } from '@ld/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { orderResult } from '../lib/order-result';

/** GET /api/v1/wallet/order/{orderId}: one of the caller's orders (the result page polls it). */
// Quiet: the result view itself says what went wrong, and a toast per poll would pile up.
export const getOrder = (orderId: string) =>
  http.get<Order>(`/v1/wallet/order/${encodeURIComponent(orderId)}`, undefined, { quiet: true });

export const ORDER_POLL_MS = 1500;

export const orderQuery = (orderId: string, uid: string) =>
  queryOptions({
    queryKey: ['user', 'order', uid, orderId],
    queryFn: () => getOrder(orderId),
    enabled: orderId !== '' && uid !== '',
  });

/** The order, polled every 1.5 s from `since` until it is credited or closed, or the time is up. */
export function useOrder(orderId: string, since: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery({
    ...orderQuery(orderId, uid),
    staleTime: 0,
    refetchInterval: (query) =>
      !query.state.error && orderResult(query.state.data?.status, Date.now() - since) === 'pending'
        ? ORDER_POLL_MS
        : false,
  });
}
