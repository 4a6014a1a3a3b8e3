import type { WorkDetail } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCountView } from '../../../shared/hooks/use-count-view';
import { novelKeys } from './keys';

/**
 * Counts the page's view of book `id` once it shows it (书籍详情 and the reader, not 目录;
 * shared/hooks/use-count-view.ts): the count it answers replaces the cached detail's.
 */
export function useCountNovelView(id: number, shown: boolean): void {
  const queryClient = useQueryClient();
  useCountView('novel', id, shown, ({ viewCount }, uid) =>
    queryClient.setQueryData<WorkDetail>(novelKeys.detail(uid, id), (d) => d && { ...d, viewCount }),
  );
}
