import type { Page } from '@ld/contract/envelope';
import type { LedgerEntry } from '@ld/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/coin/all: the caller's diamond ledger, newest first. */
export const getLedger = (uid: string, currentPage: number) =>
  http.post<Page<LedgerEntry>>('/user/center/coin/all', { uid, currentPage, pageSize: 10 });

export const ledgerQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['user', 'ledger', uid],
    queryFn: ({ pageParam }) => getLedger(uid, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current < last.pages ? last.current + 1 : undefined),
    enabled: uid !== '',
  });

export function useLedger() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(ledgerQuery(uid));
}
