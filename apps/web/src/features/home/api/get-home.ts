import type { Home } from '@ld/contract/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

export const homeKey = ['home'] as const;

/** GET /api/v1/home: banners, entries and the sections of the kinds that have something. */
export const getHome = () => http.get<Home>('/v1/home', undefined, { quiet: true });

export const homeQuery = () => queryOptions({ queryKey: homeKey, queryFn: getHome });

export function useHome() {
  return useQuery(homeQuery());
}
