import { ErrorCode } from '@ld/contract/codes';
import type { UnitPage, WorkDetail } from '@ld/contract/content';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { comicKeys } from './keys';

/** An id from the address: a positive integer, or the page says it does not exist. */
export const validId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** GET /api/v1/comic/{id}: the comic with the caller's subscription and progress. */
export const getComic = (id: number) =>
  http.get<WorkDetail>(`/v1/comic/${id}`, undefined, { quiet: [ErrorCode.notFound, ErrorCode.badInput] });

export const comicQuery = (uid: string, id: number) =>
  queryOptions({ queryKey: comicKeys.detail(uid, id), queryFn: () => getComic(id), enabled: validId(id) });

export function useComic(id: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(comicQuery(uid, id));
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.notFound || error.code === ErrorCode.badInput);

export type EpisodeOrder = 'asc' | 'desc';
export const EPISODE_PAGE = 100;

/** GET /api/v1/comic/{id}/episodes: the episode menu in `order`, with price, VIP, unlocked and read. */
export const getEpisodes = (id: number, order: EpisodeOrder, cursor: string) =>
  http.get<UnitPage>(`/v1/comic/${id}/episodes`, {
    order,
    pageSize: EPISODE_PAGE,
    cursor: cursor || undefined,
  });

export const episodesQuery = (uid: string, id: number, order: EpisodeOrder) =>
  infiniteQueryOptions({
    queryKey: comicKeys.episodes(uid, id, order),
    queryFn: ({ pageParam }) => getEpisodes(id, order, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: UnitPage) => last.nextCursor ?? undefined,
    enabled: validId(id),
  });

export function useEpisodes(id: number, order: EpisodeOrder) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(episodesQuery(uid, id, order));
}
