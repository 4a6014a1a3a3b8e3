import type { WorkKind } from '@ld/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { toast } from '../../../shared/ui/toast-store';
import { novelKeys } from './keys';

/** DELETE /api/v1/history/{kind}/{workId}: one entry (the reading position stays). */
export const deleteHistoryEntry = (kind: WorkKind, workId: number) =>
  http.delete<null>(`/v1/history/${kind}/${workId}`);

/** DELETE /api/v1/history?kind=: every entry, or those of one kind. */
export const clearHistory = (kind: WorkKind | null) =>
  http.delete<null>('/v1/history', { kind: kind ?? undefined });

export function useDeleteHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, workId }: { kind: WorkKind; workId: number }) => deleteHistoryEntry(kind, workId),
    onSuccess: async () => {
      toast.success('已删除');
      await queryClient.invalidateQueries({ queryKey: novelKeys.historyAll });
    },
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: WorkKind | null) => clearHistory(kind),
    onSuccess: async () => {
      toast.success('阅读记录已清空');
      await queryClient.invalidateQueries({ queryKey: novelKeys.historyAll });
    },
  });
}
