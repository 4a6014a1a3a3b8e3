import type { Page } from '@ld/contract/envelope';
import type { MyGift } from '@ld/contract/gifts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** GET /api/v1/gift/me: the caller's claimed codes (奖励礼包). */
export const getMyGifts = (currentPage: number) =>
  http.get<Page<MyGift>>('/v1/gift/me', { currentPage, pageSize: 10 });

export const myGiftsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['gifts', 'me', uid],
    queryFn: ({ pageParam }) => getMyGifts(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current < last.pages ? last.current + 1 : undefined),
    enabled: uid !== '',
  });

export function useMyGifts() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(myGiftsQuery(uid));
}
