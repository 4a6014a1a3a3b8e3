import type { CursorPage } from '@ld/contract/envelope';
import type { GiftCenterItem } from '@ld/contract/gifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** How many packs the gift strip shows. */
export const GIFT_STRIP_SIZE = 20;

/** GET /api/v1/gift/center: packs being handed out now, with the caller's codes. */
export const getGiftCenter = () =>
  http.get<CursorPage<GiftCenterItem>>('/v1/gift/center', { currentPage: 1, pageSize: GIFT_STRIP_SIZE });

export const giftCenterQuery = (uid: string) =>
  queryOptions({ queryKey: ['gifts', 'center', uid], queryFn: getGiftCenter });

export function useGiftCenter() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(giftCenterQuery(uid));
}
