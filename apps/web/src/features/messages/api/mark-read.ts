import type { MessagePage } from '@ld/contract/messages';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { unreadCountQuery } from './get-messages';
import { messagesQuery } from './message-list';

/** Marks one message read, or all of them when `id` is absent; answers what is still unread. */
export const markRead = (id?: number) =>
  http.post<{ unread: number }>('/user/message', id === undefined ? {} : { id });

/** The list shows the change at once and the header badge takes the server's count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => markRead(id),
    onSuccess: ({ unread }, id) => {
      const uid = useAccountStore.getState().account.uid;
      queryClient.setQueryData(unreadCountQuery(uid).queryKey, unread);
      queryClient.setQueryData<InfiniteData<MessagePage>>(messagesQuery(uid).queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread,
                records: page.records.map((m) =>
                  id === undefined || m.id === id ? { ...m, isRead: true } : m,
                ),
              })),
            }
          : data,
      );
    },
  });
}
