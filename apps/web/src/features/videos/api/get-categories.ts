import type { WorkCategory } from '@ld/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { videoKeys } from './keys';

/** GET /api/v1/video/categories: the category tabs of 动漫福利视频. */
export const getVideoCategories = () => http.get<WorkCategory[]>('/v1/video/categories');

export const videoCategoriesQuery = () =>
  queryOptions({ queryKey: videoKeys.categories, queryFn: getVideoCategories, staleTime: 10 * 60_000 });

export function useVideoCategories() {
  return useQuery(videoCategoriesQuery());
}
