import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useAccountStore } from '../../../shared/stores/account';
import { getMessages } from './get-messages';

/** The inbox, page by page (the message page; the header's unread count is in get-messages.ts). */
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
