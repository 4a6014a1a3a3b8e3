import type { Work } from '@ld/contract/content';
import type { CursorPage } from '@ld/contract/envelope';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { type NovelFilter, novelKeys } from './keys';

export const NOVEL_PAGE_SIZE = 18;

/** GET /api/v1/novel/list: one category or all, a ranking (sort), a title/author keyword; by cursor. */
export const getNovels = (filter: NovelFilter, cursor: string) =>
  http.get<CursorPage<Work>>('/v1/novel/list', {
    category: filter.category ?? undefined,
    sort: filter.sort,
    keyword: filter.keyword || undefined,
    pageSize: NOVEL_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const novelsQuery = (filter: NovelFilter) =>
  infiniteQueryOptions({
    queryKey: novelKeys.list(filter),
    queryFn: ({ pageParam }) => getNovels(filter, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: CursorPage<Work>) => last.nextCursor ?? undefined,
  });

export function useNovels(filter: NovelFilter) {
  return useInfiniteQuery(novelsQuery(filter));
}
