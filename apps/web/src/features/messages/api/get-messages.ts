import type { MessagePage } from '@ld/contract/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/message/all: the inbox, newest first; `cursor` '' for the first page. */
export const getMessages = (uid: string, cursor: string, pageSize = 10) =>
  http.post<MessagePage>(
    '/user/center/message/all',
    { uid, pageSize, cursor: cursor || undefined },
    { quiet: cursor === '' ? [2] : false },
  );

/**
 * The unread count for the header badge. The shell prefetches it at start-up, so this module is in
 * the entry: the inbox's list query is in message-list.ts, which only the message page loads.
 */
export const unreadCountQuery = (uid: string) =>
  queryOptions({
    queryKey: ['messages', uid, 'unread'],
    queryFn: async () => (await getMessages(uid, '', 1)).unread,
    enabled: uid !== '',
    refetchInterval: 60_000,
  });

export function useUnreadCount() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(unreadCountQuery(uid));
}
