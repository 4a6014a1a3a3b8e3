import type { WorkKind } from '@ld/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import type { SubscriptionEntry } from '../lib/shelf';
import { novelKeys } from './keys';

interface SubscriptionPage {
  records: SubscriptionEntry[];
  nextCursor: string | null;
}

/** GET /api/v1/subscriptions: 我的订阅, one kind or all, newest first, by cursor. */
export const getSubscriptions = (kind: WorkKind | null, cursor: string) =>
  http.get<SubscriptionPage>('/v1/subscriptions', { kind: kind ?? undefined, cursor: cursor || undefined });

export const subscriptionsQuery = (uid: string, kind: WorkKind | null) =>
  infiniteQueryOptions({
    queryKey: novelKeys.subscriptions(uid, kind),
    queryFn: ({ pageParam }) => getSubscriptions(kind, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: SubscriptionPage) => last.nextCursor ?? undefined,
  });

export function useSubscriptions(kind: WorkKind | null) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(subscriptionsQuery(uid, kind));
}
