import type { WorkKind, WorkSortValue } from '@ld/contract/content';

/** What a work list is filtered by. */
export interface NovelFilter {
  category: number | null;
  sort: WorkSortValue;
  keyword: string;
}

/**
 * Query keys of the novels feature (the reader may import these). Answers that depend on who
 * asks (subscribed, progress, unlocked, read) carry the uid, so logging in reads fresh ones.
 */
export const novelKeys = {
  all: ['novels'] as const,
  categories: ['novels', 'categories'] as const,
  lists: ['novels', 'list'] as const,
  list: (filter: NovelFilter) => ['novels', 'list', filter] as const,
  details: ['novels', 'detail'] as const,
  detail: (uid: string, id: number) => ['novels', 'detail', uid, id] as const,
  chaptersAll: ['novels', 'chapters'] as const,
  chaptersOf: (uid: string, id: number) => ['novels', 'chapters', uid, id] as const,
  /** A block's first chapter depends on the total in 倒序, so the total is part of the key. */
  chapterBlock: (uid: string, id: number, order: 'asc' | 'desc', total: number, block: number) =>
    ['novels', 'chapters', uid, id, order, total, block] as const,
  /** The books kept for offline reading (Cache Storage, per account). */
  downloads: (uid: string) => ['novels', 'downloads', uid] as const,
  shelf: ['shelf'] as const,
  subscriptions: (uid: string, kind: WorkKind | null) => ['shelf', 'subscriptions', uid, kind] as const,
  subscriptionsAll: ['shelf', 'subscriptions'] as const,
  history: (uid: string, kind: WorkKind | null) => ['shelf', 'history', uid, kind] as const,
  historyAll: ['shelf', 'history'] as const,
};
