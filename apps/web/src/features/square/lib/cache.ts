import type { Post } from '@ld/contract/square';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { squareKeys } from './query-keys';

type Pages<T> = InfiniteData<{ records: T[] }>;

function mapPages<T>(data: Pages<T> | undefined, map: (item: T) => T | null): Pages<T> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map(map).filter((item): item is T => item !== null),
    })),
  };
}

const postLists = [squareKeys.feeds, squareKeys.followAll, squareKeys.mine] as const;

/** Applies a change to one post wherever it is cached: feeds, 关注, my posts and its detail. */
export function patchPost(queryClient: QueryClient, postId: number, patch: (post: Post) => Post): void {
  for (const queryKey of postLists) {
    queryClient.setQueriesData<Pages<Post>>({ queryKey }, (data) =>
      mapPages(data, (item) => ('images' in item && item.id === postId ? patch(item) : item)),
    );
  }
  queryClient.setQueriesData<Post>({ queryKey: squareKeys.posts }, (post) =>
    post && post.id === postId ? patch(post) : post,
  );
}

/** Follow state is per author: every post of that author changes with it. */
export function patchAuthor(queryClient: QueryClient, uid: string, followed: boolean): void {
  const apply = (post: Post) => (post.uid === uid ? { ...post, followed } : post);
  for (const queryKey of postLists) {
    queryClient.setQueriesData<Pages<Post>>({ queryKey }, (data) =>
      mapPages(data, (item) => ('images' in item ? apply(item) : item)),
    );
  }
  queryClient.setQueriesData<Post>({ queryKey: squareKeys.posts }, (post) => (post ? apply(post) : post));
}

/** After a post is written or removed: every list that may show it reads again. */
export function invalidatePostLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(postLists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
