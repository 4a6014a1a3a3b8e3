import type { SquareTag } from '@ld/contract/square';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { squareKeys } from '../lib/query-keys';

/** The square's tags. A failure means an empty list (spec §8): the page then shows only 全部. */
export const getTags = () =>
  http.get<SquareTag[]>('/v1/square/tag/list', undefined, { quiet: true }).catch(() => [] as SquareTag[]);

export const tagsQuery = () =>
  queryOptions({ queryKey: squareKeys.tags, queryFn: getTags, staleTime: 5 * 60_000 });

export const useTags = () => useQuery(tagsQuery());
