import type { WorkKind } from '@ld/contract/content';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCountView } from '../hooks/use-count-view';

/**
 * Counts the page's view of work `id` once it shows it (书籍详情 and the novel reader, 漫画详情 and the
 * comic reader, the player; not 目录 — shared/hooks/use-count-view.ts): the count it answers
 * replaces the one in the cached detail at `detailKey(uid)`.
 */
export function useCountWorkView(
  kind: WorkKind,
  id: number,
  shown: boolean,
  detailKey: (uid: string) => QueryKey,
): void {
  const queryClient = useQueryClient();
  useCountView(kind, id, shown, ({ viewCount }, uid) =>
    queryClient.setQueryData<{ viewCount: number }>(detailKey(uid), (d) => d && { ...d, viewCount }),
  );
}
