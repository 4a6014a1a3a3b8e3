import type { Work, WorkCategory } from '@ld/contract/content';
import type { CursorPage } from '@ld/contract/envelope';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { type ComicFilter, comicKeys } from './keys';

/** Covers per page: six rows of three. */
export const COMIC_PAGE_SIZE = 30;

/** GET /api/v1/comic/list: one category or all, a ranking, a title/author keyword; by cursor. */
export const getComics = (filter: ComicFilter, cursor: string) =>
  http.get<CursorPage<Work>>('/v1/comic/list', {
    category: filter.category ?? undefined,
    sort: filter.sort,
    keyword: filter.keyword || undefined,
    pageSize: COMIC_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export const comicsQuery = (filter: ComicFilter) =>
  infiniteQueryOptions({
    queryKey: comicKeys.list(filter),
    queryFn: ({ pageParam }) => getComics(filter, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: CursorPage<Work>) => last.nextCursor ?? undefined,
  });

export function useComics(filter: ComicFilter) {
  return useInfiniteQuery(comicsQuery(filter));
}

/** GET /api/v1/comic/categories: the category tabs. */
export const comicCategoriesQuery = () =>
  queryOptions({
    queryKey: comicKeys.categories,
    queryFn: () => http.get<WorkCategory[]>('/v1/comic/categories'),
    staleTime: 10 * 60_000,
  });

export function useComicCategories() {
  return useQuery(comicCategoriesQuery());
}
