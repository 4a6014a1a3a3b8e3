import type { UnitPage, WorkDetail } from '@ld/contract/content';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { comicKeys } from './keys';

/** An id from the address: a positive integer, or the page says it does not exist. */
export const validId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** GET /api/v1/comic/{id}: the comic with the caller's subscription and progress. */
export const getComic = (id: number) =>
  http.get<WorkDetail>(`/v1/comic/${id}`, undefined, { quiet: QUIET_NOT_FOUND });

export const comicQuery = (uid: string, id: number) =>
  queryOptions({ queryKey: comicKeys.detail(uid, id), queryFn: () => getComic(id), enabled: validId(id) });

/**
 * The comic as the caller sees it. With `guestCopyMeanwhile`, a logged-in caller is shown the
 * guest's copy the server rendered the page with while their own loads (see novels' `useNovel`);
 * the page tells it apart by `isPlaceholderData`.
 */
export function useComic(id: number, { guestCopyMeanwhile = false } = {}) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useQuery({
    ...comicQuery(uid, id),
    placeholderData:
      guestCopyMeanwhile && uid ? () => queryClient.getQueryData(comicQuery('', id).queryKey) : undefined,
  });
}

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

/** The episode menu; `guestCopyMeanwhile` as for `useComic` (the guest's menu: nothing unlocked or read). */
export function useEpisodes(id: number, order: EpisodeOrder, { guestCopyMeanwhile = false } = {}) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    ...episodesQuery(uid, id, order),
    placeholderData:
      guestCopyMeanwhile && uid
        ? () =>
            queryClient.getQueryData<InfiniteData<UnitPage, string>>(episodesQuery('', id, order).queryKey)
        : undefined,
  });
}
