import { DEFAULT_PAGE_SIZE } from '@ld/contract/defaults';
import type { PostPage } from '@ld/contract/square';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { type FeedFilter, squareKeys } from '../lib/query-keys';

/** GET post/list: hot or latest, one tag or all, optionally a keyword; deeper pages by cursor. */
export const getPosts = (filter: FeedFilter, cursor: string) =>
  http.get<PostPage>('/v1/square/post/list', {
    sort: filter.sort,
    tagId: filter.tagId ?? undefined,
    keyword: filter.keyword || undefined,
    pageSize: DEFAULT_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const postsQuery = (uid: string, filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: squareKeys.feed(uid, filter),
    queryFn: ({ pageParam }) => getPosts(filter, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
  });

export function usePosts(filter: FeedFilter, enabled = true) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    ...postsQuery(uid, filter),
    enabled,
    // The guest's feed the server rendered stays on the screen while the user's loads (see usePost).
    placeholderData: uid
      ? () => queryClient.getQueryData<InfiniteData<PostPage, string>>(postsQuery('', filter).queryKey)
      : undefined,
  });
}
