import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../shared/api/refetch-after-write';
import { http } from '../../../shared/http/client';
import { toast } from '../../../shared/ui/toast-store';
import { videoKeys } from './keys';

/** POST / DELETE /api/v1/video/{id}/subscribe: 收藏 / 取消收藏 (it shows in 我的订阅). */
export const subscribeVideo = (id: number, subscribe: boolean) =>
  subscribe ? http.post<null>(`/v1/video/${id}/subscribe`) : http.delete<null>(`/v1/video/${id}/subscribe`);

export function useSubscribeVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribe }: { id: number; subscribe: boolean }) => subscribeVideo(id, subscribe),
    onSuccess: async (_answer, { subscribe }) => {
      toast.success(subscribe ? '已收藏，可在我的订阅找到' : '已取消收藏');
      // 我的订阅: the shelf's query keys start with 'shelf' (novels/api/keys.ts).
      await refetchAfterWrite(queryClient, [videoKeys.details, ['shelf']]);
    },
  });
}
