import type { WorkSortValue } from '@ld/contract/content';

/** What the video list is filtered by. */
export interface VideoFilter {
  category: number | null;
  sort: WorkSortValue;
}

/** Query keys of the videos feature; answers that depend on who asks carry the uid. */
export const videoKeys = {
  all: ['videos'] as const,
  categories: ['videos', 'categories'] as const,
  list: (filter: VideoFilter) => ['videos', 'list', filter] as const,
  details: ['videos', 'detail'] as const,
  detail: (uid: string, id: number) => ['videos', 'detail', uid, id] as const,
};
