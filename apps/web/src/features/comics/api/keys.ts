/** What the comic list is filtered by. */
export interface ComicFilter {
  category: number | null;
  sort: 1 | 2 | 3;
  keyword: string;
}

/**
 * Query keys of the comics feature. Answers that depend on who asks (subscribed, progress,
 * unlocked, read, locks) carry the uid, so logging in reads fresh ones.
 */
export const comicKeys = {
  all: ['comics'] as const,
  categories: ['comics', 'categories'] as const,
  list: (filter: ComicFilter) => ['comics', 'list', filter] as const,
  details: ['comics', 'detail'] as const,
  detail: (uid: string, id: number) => ['comics', 'detail', uid, id] as const,
  episodesOf: (uid: string, id: number) => ['comics', 'episodes', uid, id] as const,
  episodes: (uid: string, id: number, order: 'asc' | 'desc') =>
    ['comics', 'episodes', uid, id, order] as const,
  episode: (uid: string, id: number, eid: number) => ['comics', 'episode', uid, id, eid] as const,
};
