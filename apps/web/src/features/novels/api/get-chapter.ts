import { ErrorCode } from '@ld/contract/codes';
import type { UnitLocked } from '@ld/contract/content';
import type { Chapter } from '@ld/contract/novels';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { offlineReadable } from '../lib/offline-query';

/** A chapter as the reader shows it: its text, or the lock (code 1005) with price and balance. */
export type ChapterResult = { state: 'open'; chapter: Chapter } | { state: 'locked'; locked: UnitLocked };

export const readerKeys = {
  all: ['novels', 'reader'] as const,
  chapter: (workId: number, cid: number, uid: string) =>
    ['novels', 'reader', 'chapter', workId, cid, uid] as const,
  book: (workId: number, uid: string) => ['novels', 'reader', 'book', workId, uid] as const,
  units: (workId: number, uid: string) => ['novels', 'reader', 'units', workId, uid] as const,
};

/** An id from the address: a positive integer, or the page says the chapter does not exist. */
export const validId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** GET /v1/novel/{id}/chapter/{cid}; a locked chapter (1005) is an answer, not a failure. */
// A lost network (code 0) is not toasted either: the reader says so in place (网络不可用，本章未下载),
// as it says a missing chapter (taken down, a stale link).
export async function getChapter(workId: number, cid: number, signal?: AbortSignal): Promise<ChapterResult> {
  try {
    const chapter = await http.get<Chapter>(`/v1/novel/${workId}/chapter/${cid}`, undefined, {
      quiet: [ErrorCode.unitLocked, 0, ...QUIET_NOT_FOUND],
      signal,
    });
    return { state: 'open', chapter };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.unitLocked) {
      return { state: 'locked', locked: error.data as UnitLocked };
    }
    throw error;
  }
}

export const chapterQuery = (workId: number, cid: number, uid: string) =>
  queryOptions({
    queryKey: readerKeys.chapter(workId, cid, uid),
    queryFn: () => getChapter(workId, cid),
    // Chapter text does not change while one reads; a prefetched next chapter stays usable.
    staleTime: 10 * 60_000,
    ...offlineReadable,
  });

/**
 * A guest's open answer for the chapter, which the server rendered the page with: it stands in
 * while the account's own is asked after hydration (the same text), so the text does not give way
 * to a loading state and back. A guest's lock stands in for nothing (the account may own it).
 */
function guestOpenAnswer(queryClient: QueryClient, workId: number, cid: number): ChapterResult | undefined {
  const answer = queryClient.getQueryData<ChapterResult>(readerKeys.chapter(workId, cid, ''));
  return answer?.state === 'open' ? answer : undefined;
}

export function useChapter(workId: number, cid: number) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useQuery({
    ...chapterQuery(workId, cid, uid),
    enabled: validId(workId) && validId(cid),
    placeholderData: uid === '' ? undefined : () => guestOpenAnswer(queryClient, workId, cid),
  });
}
