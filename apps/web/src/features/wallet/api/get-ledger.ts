import type { CursorPage } from '@ld/contract/envelope';
import type { LedgerEntry } from '@ld/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/coin/all: the caller's diamond ledger, newest first; next pages by cursor. */
export const getLedger = (uid: string, cursor: string) =>
  http.post<CursorPage<LedgerEntry>>('/user/center/coin/all', {
    uid,
    pageSize: 10,
    cursor: cursor || undefined,
  });

export const ledgerQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['user', 'ledger', uid],
    queryFn: ({ pageParam }) => getLedger(uid, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useLedger() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(ledgerQuery(uid));
}
