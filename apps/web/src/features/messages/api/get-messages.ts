import type { MessagePage } from '@ld/contract/messages';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

export const getMessages = (uid: string, currentPage: number, pageSize = 10) =>
  http.post<MessagePage>(
    '/user/center/message/all',
    { uid, currentPage, pageSize },
    { quiet: currentPage === 1 ? [2] : false },
  );

/** The unread count for the header badge. */
export const unreadCountQuery = (uid: string) =>
  queryOptions({
    queryKey: ['messages', uid, 'unread'],
    queryFn: async () => (await getMessages(uid, 1, 1)).unread,
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
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current < last.pages ? last.current + 1 : undefined),
    enabled: uid !== '',
  });

export function useMessages() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(messagesQuery(uid));
}
