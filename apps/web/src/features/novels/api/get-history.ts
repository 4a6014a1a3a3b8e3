import type { HistoryEntry, WorkKind } from '@ld/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { novelKeys } from './keys';

interface HistoryPage {
  records: HistoryEntry[];
  nextCursor: string | null;
}

/** GET /api/v1/history: 阅读记录, one kind or all, last read first, by cursor. */
export const getHistory = (kind: WorkKind | null, cursor: string) =>
  http.get<HistoryPage>('/v1/history', { kind: kind ?? undefined, cursor: cursor || undefined });

export const historyQuery = (uid: string, kind: WorkKind | null) =>
  infiniteQueryOptions({
    queryKey: novelKeys.history(uid, kind),
    queryFn: ({ pageParam }) => getHistory(kind, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: HistoryPage) => last.nextCursor ?? undefined,
  });

export function useHistory(kind: WorkKind | null) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(historyQuery(uid, kind));
}
