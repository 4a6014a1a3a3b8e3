import type { WorkCategory } from '@ld/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { novelKeys } from './keys';

/** GET /api/v1/novel/categories: the 书城's category tabs. */
export const getCategories = () => http.get<WorkCategory[]>('/v1/novel/categories');

export const categoriesQuery = () =>
  queryOptions({ queryKey: novelKeys.categories, queryFn: getCategories, staleTime: 10 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQuery());
}
