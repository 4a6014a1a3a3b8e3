import type { WorkDetail } from '@ld/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { readerKeys, validId } from '../api/get-chapter';

/** GET /v1/novel/{id}: the book's title for the toolbar and the caller's saved progress. */
export const getReaderBook = (workId: number) => http.get<WorkDetail>(`/v1/novel/${workId}`);

/** Always read fresh on opening: another device may have moved the progress on. */
export const readerBookQuery = (workId: number, uid: string) =>
  queryOptions({
    queryKey: readerKeys.book(workId, uid),
    queryFn: () => getReaderBook(workId),
    staleTime: 0,
  });

export function useReaderBook(workId: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery({ ...readerBookQuery(workId, uid), enabled: validId(workId) });
}
