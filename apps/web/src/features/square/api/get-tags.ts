import type { SquareTag } from '@ld/contract/square';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** The square's tags. A failure means an empty list (spec §8): the page then shows only 全部. */
export const getTags = () =>
  http.get<SquareTag[]>('/v1/square/tag/list', undefined, { quiet: true }).catch(() => [] as SquareTag[]);

/**
 * Under the square's keys but not in `squareKeys`: start-up prefetches the tags, and importing every
 * square key would put them all in the first load. The session invalidates it after login.
 */
export const TAGS_KEY = ['square', 'tags'] as const;

export const tagsQuery = () => queryOptions({ queryKey: TAGS_KEY, queryFn: getTags, staleTime: 5 * 60_000 });

export const useTags = () => useQuery(tagsQuery());
