import type { CursorPage } from '@ld/contract/envelope';
import type { Order } from '@ld/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/coin/order: the caller's recharge orders, pending ones included; next pages by cursor. */
export const getOrders = (cursor: string) =>
  http.post<CursorPage<Order>>('/user/center/coin/order', { pageSize: 10, cursor: cursor || undefined });

export const ordersQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['user', 'orders', uid],
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useOrders() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(ordersQuery(uid));
}
