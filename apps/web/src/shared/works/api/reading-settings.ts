import type { ReadingSettings, ReadingSettingsBody } from '@ld/contract/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../http/client';
import { getAccount, useAccountStore } from '../../stores/account';
import { worksKeys } from './keys';

/** GET /v1/reading/settings: auto-unlock with today's spend, and the reader preferences (logged in only). */
export const getReadingSettings = () => http.get<ReadingSettings>('/v1/reading/settings');

export const readingSettingsQuery = (uid: string) =>
  queryOptions({
    queryKey: worksKeys.settings(uid),
    queryFn: getReadingSettings,
    enabled: uid !== '',
  });

export function useReadingSettings() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(readingSettingsQuery(uid));
}

/** PUT /v1/reading/settings (JSON): either part; the answer replaces the cached settings. */
export const putReadingSettings = (body: ReadingSettingsBody) =>
  http.putJson<ReadingSettings>('/v1/reading/settings', {
    ...(body.autoUnlock ? { autoUnlock: { ...body.autoUnlock } } : {}),
    ...(body.reader ? { reader: { ...body.reader } } : {}),
  });

export function usePutReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReadingSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(worksKeys.settings(getAccount().uid), settings);
    },
  });
}
