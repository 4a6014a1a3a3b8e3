import type { UserStatus } from '@ld/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/client';
import { useAccountStore } from '../stores/account';

export const getUserStatus = (uid: string) =>
  http.post<UserStatus>('/user/center/me', { uid }, { quiet: true });

export const userStatusQuery = (uid: string) =>
  queryOptions({ queryKey: ['user', 'status', uid], queryFn: () => getUserStatus(uid), enabled: uid !== '' });

/** Balance, membership and profile of the logged-in user; undefined for guests. */
export function useUserStatus() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(userStatusQuery(uid));
}
