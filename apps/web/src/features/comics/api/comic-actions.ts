import type { UserStatus } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/codes';
import type { ComicPosition, Progress, ReadingSettings, UnlockAnswer } from '@ld/contract/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount, useAccountStore } from '../../../shared/stores/account';
import { toast } from '../../../shared/ui/toast-store';
import { comicKeys } from './keys';

/** POST /v1/comic/{id}/unit/{eid}/unlock: charged once per user and episode; 1001 when short. */
export const unlockEpisode = ({ workId, eid }: { workId: number; eid: number }) =>
  http.post<UnlockAnswer>(`/v1/comic/${workId}/unit/${eid}/unlock`, undefined, {
    quiet: [ErrorCode.balanceInsufficient],
  });

export function useUnlockEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockEpisode,
    onSuccess: async (answer, { workId, eid }) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: comicKeys.episode(uid, workId, eid) }),
        queryClient.invalidateQueries({ queryKey: comicKeys.episodesOf(uid, workId) }),
        queryClient.invalidateQueries({ queryKey: comicKeys.settings(uid) }),
      ]);
    },
  });
}

/** POST / DELETE /api/v1/comic/{id}/subscribe: 订阅 / 取消订阅. */
export function useSubscribeComic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribe }: { id: number; subscribe: boolean }) =>
      subscribe
        ? http.post<null>(`/v1/comic/${id}/subscribe`)
        : http.delete<null>(`/v1/comic/${id}/subscribe`),
    onSuccess: async (_answer, { subscribe }) => {
      toast.success(subscribe ? '已订阅' : '已取消订阅');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: comicKeys.details }),
        queryClient.invalidateQueries({ queryKey: ['shelf', 'subscriptions'] }),
      ]);
    },
  });
}

/** PUT /v1/progress for a comic: `{ panel, offset }`; the newer clientTime wins server-side. */
export const putComicProgress = (
  input: { workId: number; unitId: number; position: ComicPosition; clientTime: number },
  keepalive: boolean,
) =>
  http.putJson<Progress>(
    '/v1/progress',
    { kind: 'comic', ...input, position: { ...input.position } },
    { quiet: true, keepalive },
  );

/** GET /v1/reading/settings (logged in): auto-unlock and today's spend, shown beside a lock. */
export function useReadingSettings() {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(
    queryOptions({
      queryKey: comicKeys.settings(uid),
      queryFn: () => http.get<ReadingSettings>('/v1/reading/settings'),
      enabled: uid !== '',
    }),
  );
}

/** PUT /v1/reading/settings (JSON): turns auto-unlock on or off with its daily cap. */
export function usePutAutoUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoUnlock: { enabled: boolean; dailyCap: number }) =>
      http.putJson<ReadingSettings>('/v1/reading/settings', { autoUnlock: { ...autoUnlock } }),
    onSuccess: (settings) => queryClient.setQueryData(comicKeys.settings(getAccount().uid), settings),
  });
}
