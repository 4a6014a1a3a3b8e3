import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../shared/api/refetch-after-write';
import { http } from '../../../shared/http/client';
import { toast } from '../../../shared/ui/toast-store';
import { comicKeys } from './keys';

/** POST / DELETE /api/v1/comic/{id}/subscribe: 订阅 / 取消订阅. */
export function useSubscribeComic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribe }: { id: number; subscribe: boolean }) =>
      subscribe
        ? http.post<null>(`/v1/comic/${id}/subscribe`)
        : http.delete<null>(`/v1/comic/${id}/subscribe`),
    onSuccess: async (_answer, { subscribe }) => {
      toast.success(subscribe ? '已订阅' : '已取消订阅');
      await refetchAfterWrite(queryClient, [comicKeys.details, ['shelf', 'subscriptions']]);
    },
  });
}
