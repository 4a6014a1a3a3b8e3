import type { MessagePage } from '@ld/contract/messages';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** POST /api/user/center/message/all: the inbox, newest first; `cursor` '' for the first page. */
export const getMessages = (uid: string, cursor: string, pageSize = 10) =>
  http.post<MessagePage>(
    '/user/center/message/all',
    { uid, pageSize, cursor: cursor || undefined },
    { quiet: cursor === '' ? [2] : false },
  );

/** The unread count for the header badge. */
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

export const messagesQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: ['messages', uid, 'list'],
    queryFn: ({ pageParam }) => getMessages(uid, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useMessages() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(messagesQuery(uid));
}
