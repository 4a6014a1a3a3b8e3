import { ErrorCode } from '@ld/contract/codes';
import type { Post } from '@ld/contract/square';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { squareKeys } from '../lib/query-keys';

/** GET post/{id}; a missing or deleted post is the page's own 404 state, not a toast. */
export const getPost = (id: number) =>
  http.get<Post>(`/v1/square/post/${id}`, undefined, { quiet: [ErrorCode.notFound] });

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export const postQuery = (uid: string, id: number) =>
  queryOptions({
    queryKey: squareKeys.post(uid, id),
    queryFn: () => getPost(id),
    retry: (count, error) =>
      !isNotFound(error) && !(error instanceof ApiError && error.status > 0) && count < 2,
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export function usePost(id: number) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useQuery({
    ...postQuery(uid, id),
    // The user's copy (what they liked) follows the guest's the server rendered the page with:
    // that one stays on the screen meanwhile, not a loading state (and a tap held since the first
    // paint finds its button still there: app/early-events-boot.js).
    placeholderData: uid ? () => queryClient.getQueryData(postQuery('', id).queryKey) : undefined,
  });
}
