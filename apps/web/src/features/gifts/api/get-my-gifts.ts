import type { CursorPage } from '@ld/contract/envelope';
import type { MyGift } from '@ld/contract/gifts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** GET /api/v1/gift/me: the caller's claimed codes (奖励礼包); next pages by cursor. */
export const getMyGifts = (cursor: string) =>
  http.get<CursorPage<MyGift>>('/v1/gift/me', { pageSize: 10, cursor: cursor || undefined });

export const myGiftsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['gifts', 'me', uid],
    queryFn: ({ pageParam }) => getMyGifts(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useMyGifts() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(myGiftsQuery(uid));
}
