import { ErrorCode } from '@ld/contract/codes';
import type { Game } from '@ld/contract/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/web/game/detail: one game by its own appID. */
// A game that does not exist is shown by the page itself (an empty state), not toasted.
export const getGameDetail = (appID: number) =>
  http.post<Game>('/web/game/detail', { appID }, { quiet: [ErrorCode.notFound] });

export const gameDetailQuery = (appID: number, uid: string) =>
  queryOptions({
    queryKey: ['games', 'detail', appID, uid],
    queryFn: () => getGameDetail(appID),
    enabled: appID > 0,
  });

export function useGameDetail(appID: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(gameDetailQuery(appID, uid));
}
