import type { InviteMe } from '@ld/contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { inviteKeys } from './keys';

/** GET /api/v1/invite/me: my code, link, friends invited and diamonds earned. */
export const getInviteMe = () => http.get<InviteMe>('/v1/invite/me', undefined, { quiet: true });

export const inviteMeQuery = (uid: string) =>
  queryOptions({ queryKey: inviteKeys.me(uid), queryFn: getInviteMe, enabled: uid !== '' });

export function useInviteMe() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(inviteMeQuery(uid));
}
