import type { CursorPage } from '@ld/contract/envelope';
import type { Game } from '@ld/contract/games';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

export interface GameListFilter {
  /** Category id; undefined for 全部. */
  type?: number;
  keyword?: string;
}

export const GAMES_PAGE_SIZE = 10;

/** POST /api/web/game/list: a page of games of one category, optionally searched; next pages by cursor. */
export const getGames = (filter: GameListFilter, cursor: string) =>
  http.post<CursorPage<Game>>('/web/game/list', {
    type: filter.type,
    keyword: filter.keyword || undefined,
    pageSize: GAMES_PAGE_SIZE,
    cursor: cursor || undefined,
  });

// The uid is part of the key: `purchased` differs per caller.
export const gamesQuery = (filter: GameListFilter, uid: string) =>
  infiniteQueryOptions({
    queryKey: ['games', 'list', filter.type ?? 'all', filter.keyword ?? '', uid],
    queryFn: ({ pageParam }) => getGames(filter, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useGames(filter: GameListFilter) {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(gamesQuery(filter, uid));
}
