import type { Sort } from './limits';

/**
 * Query keys of the square. What a list holds depends on who looks (liked, followed, isMine), so
 * every personal key carries the uid: logging in or out reads fresh lists instead of stale ones.
 * The tag list's key lives with its query (`TAGS_KEY` in api/get-tags.ts).
 */
export interface FeedFilter {
  sort: Sort;
  tagId: number | null;
  keyword: string;
}

export const squareKeys = {
  all: ['square'] as const,
  feeds: ['square', 'feed'] as const,
  feed: (uid: string, filter: FeedFilter) => ['square', 'feed', uid, filter] as const,
  follow: (uid: string) => ['square', 'follow', uid] as const,
  followAll: ['square', 'follow'] as const,
  posts: ['square', 'post'] as const,
  post: (uid: string, id: number) => ['square', 'post', uid, id] as const,
  mine: ['square', 'mine'] as const,
  myPosts: (uid: string) => ['square', 'mine', 'posts', uid] as const,
  myComments: (uid: string) => ['square', 'mine', 'comments', uid] as const,
  suggestions: (keyword: string) => ['square', 'suggestions', keyword] as const,
  sensitiveWords: ['square', 'sensitive-words'] as const,
};
