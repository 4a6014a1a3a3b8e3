import { ErrorCode } from '@ld/contract/codes';
import type { WorkDetail } from '@ld/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { offlineReadable } from '../lib/offline-query';
import { novelKeys } from './keys';

/** GET /api/v1/novel/{id}: the book with the caller's subscription and progress. */
// A book that does not exist is shown by the page (an empty state), not toasted.
export const getNovel = (id: number) =>
  http.get<WorkDetail>(`/v1/novel/${id}`, undefined, { quiet: [ErrorCode.notFound, ErrorCode.badInput] });

export const novelQuery = (uid: string, id: number) =>
  queryOptions({
    queryKey: novelKeys.detail(uid, id),
    queryFn: () => getNovel(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    ...offlineReadable,
  });

export function useNovel(id: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(novelQuery(uid, id));
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.notFound || error.code === ErrorCode.badInput);
