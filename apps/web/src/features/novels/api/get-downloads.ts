import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAccountStore } from '../../../shared/stores/account';
import { getDownloads } from '../lib/offline-books';
import { novelKeys } from './keys';

/** The books this account kept for offline reading (read from Cache Storage, not the network). */
export const downloadsQuery = (uid: string) =>
  queryOptions({
    queryKey: novelKeys.downloads(uid),
    queryFn: () => getDownloads(uid),
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
  });

export function useDownloads() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery({ ...downloadsQuery(uid), enabled: uid !== '' });
}
