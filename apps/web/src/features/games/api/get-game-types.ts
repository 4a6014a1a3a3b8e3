import type { GameType } from '@ld/contract/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** GET /api/v1/game/types: the game categories shown as tabs. */
export const getGameTypes = () => http.get<GameType[]>('/v1/game/types');

export const gameTypesQuery = () =>
  queryOptions({ queryKey: ['games', 'types'], queryFn: getGameTypes, staleTime: 10 * 60_000 });

export const useGameTypes = () => useQuery(gameTypesQuery());
