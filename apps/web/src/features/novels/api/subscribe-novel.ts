import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../shared/api/refetch-after-write';
import { http } from '../../../shared/http/client';
import { toast } from '../../../shared/ui/toast-store';
import { novelKeys } from './keys';

/** POST / DELETE /api/v1/novel/{id}/subscribe: 加入书架 / 移出书架. */
export const subscribeNovel = (id: number, subscribe: boolean) =>
  subscribe ? http.post<null>(`/v1/novel/${id}/subscribe`) : http.delete<null>(`/v1/novel/${id}/subscribe`);

export function useSubscribeNovel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribe }: { id: number; subscribe: boolean }) => subscribeNovel(id, subscribe),
    onSuccess: async (_answer, { subscribe }) => {
      toast.success(subscribe ? '已加入书架' : '已移出书架');
      await refetchAfterWrite(queryClient, [novelKeys.details, novelKeys.subscriptionsAll]);
    },
  });
}
