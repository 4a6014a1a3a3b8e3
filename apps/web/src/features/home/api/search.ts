import type { SearchAnswer, SearchItem, SearchKind } from '@ld/contract/home';
import { HOME_LIMITS } from '@ld/contract/home-values';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

// The results page's calls. The answers carry each group's title and each item's path, so the
// page needs only the contract's limits.

/** GET /api/v1/search over every kind: the first matches of each kind that has any. */
export const searchAll = (keyword: string) => http.get<SearchAnswer>('/v1/search', { keyword });

export const searchAllQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['search', keyword],
    queryFn: () => searchAll(keyword),
    enabled: keyword !== '',
  });

export function useSearchAll(keyword: string) {
  return useQuery(searchAllQuery(keyword));
}

interface KindPage {
  records: SearchItem[];
  total: number;
  nextCursor: string | null;
}

/** GET /api/v1/search?kind=…: one kind, page by page (cursor). */
async function searchKind(keyword: string, kind: SearchKind, cursor: string): Promise<KindPage> {
  const answer = await http.get<SearchAnswer>('/v1/search', {
    keyword,
    kind,
    pageSize: HOME_LIMITS.pageSizeMax,
    cursor: cursor || undefined,
  });
  const group = answer.groups[0];
  return { records: group?.items ?? [], total: group?.total ?? 0, nextCursor: group?.nextCursor ?? null };
}

export const searchKindQuery = (keyword: string, kind: SearchKind) =>
  infiniteQueryOptions({
    queryKey: ['search', keyword, kind],
    queryFn: ({ pageParam }) => searchKind(keyword, kind, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: KindPage) => last.nextCursor ?? undefined,
  });

export function useSearchKind(keyword: string, kind: SearchKind) {
  return useInfiniteQuery(searchKindQuery(keyword, kind));
}
