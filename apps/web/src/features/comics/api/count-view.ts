import type { WorkDetail } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCountView } from '../../../shared/hooks/use-count-view';
import { comicKeys } from './keys';

/**
 * Counts the page's view of comic `id` once it shows it (漫画详情 and the reader;
 * shared/hooks/use-count-view.ts): the count it answers replaces the cached detail's.
 */
export function useCountComicView(id: number, shown: boolean): void {
  const queryClient = useQueryClient();
  useCountView('comic', id, shown, ({ viewCount }, uid) =>
    queryClient.setQueryData<WorkDetail>(comicKeys.detail(uid, id), (d) => d && { ...d, viewCount }),
  );
}
