import type { Page } from '@ld/contract/envelope';
import type { Order } from '@ld/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/coin/order: the caller's recharge orders, pending ones included. */
export const getOrders = (currentPage: number) =>
  http.post<Page<Order>>('/user/center/coin/order', { currentPage, pageSize: 10 });

export const ordersQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['user', 'orders', uid],
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current < last.pages ? last.current + 1 : undefined),
    enabled: uid !== '',
  });

export function useOrders() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(ordersQuery(uid));
}
