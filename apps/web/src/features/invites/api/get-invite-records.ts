import type { InviteRecord } from '@ld/contract/invites';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { inviteKeys } from './keys';

interface InviteRecordPage {
  records: InviteRecord[];
  total: number;
  nextCursor: string | null;
}

/** GET /api/v1/invite/records: 我的邀请, newest first, by cursor. */
export const getInviteRecords = (cursor: string) =>
  http.get<InviteRecordPage>(
    '/v1/invite/records',
    { pageSize: 20, cursor: cursor || undefined },
    { quiet: cursor === '' },
  );

export const inviteRecordsQuery = (uid: string) =>
  infiniteQueryOptions({
    queryKey: inviteKeys.records(uid),
    queryFn: ({ pageParam }) => getInviteRecords(pageParam),
    initialPageParam: '',
    getNextPageParam: (last: InviteRecordPage) => last.nextCursor ?? undefined,
    enabled: uid !== '',
  });

export function useInviteRecords() {
  const uid = useAccountStore((s) => s.account.uid);
  return useInfiniteQuery(inviteRecordsQuery(uid));
}
