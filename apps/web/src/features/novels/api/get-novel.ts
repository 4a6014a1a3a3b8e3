import type { WorkDetail } from '@ld/contract/content';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { offlineReadable } from '../lib/offline-query';
import { novelKeys } from './keys';

/** GET /api/v1/novel/{id}: the book with the caller's subscription and progress. */
// A book that does not exist is shown by the page (an empty state), not toasted.
export const getNovel = (id: number) =>
  http.get<WorkDetail>(`/v1/novel/${id}`, undefined, { quiet: QUIET_NOT_FOUND });

export const novelQuery = (uid: string, id: number) =>
  queryOptions({
    queryKey: novelKeys.detail(uid, id),
    queryFn: () => getNovel(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    ...offlineReadable,
  });

/**
 * The book as the caller sees it. With `guestCopyMeanwhile`, a logged-in caller is shown the guest's
 * copy the server rendered the page with (not subscribed, no progress) while their own loads, as
 * the square's posts are (features/square/api/get-post.ts): no loading state after hydration, and a
 * tap held since the first paint (app/early-events-boot.js) finds its button still there. The page
 * tells the copy apart by `isPlaceholderData`.
 */
export function useNovel(id: number, { guestCopyMeanwhile = false } = {}) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useQuery({
    ...novelQuery(uid, id),
    placeholderData:
      guestCopyMeanwhile && uid ? () => queryClient.getQueryData(novelQuery('', id).queryKey) : undefined,
  });
}
