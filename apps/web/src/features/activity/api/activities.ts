import type { UserStatus } from '@ld/contract/accounts';
import type { ActivityClaim, ActivityDetail, ActivityStatus, ActivitySummary } from '@ld/contract/activities';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { getAccount, useAccountStore } from '../../../shared/stores/account';

export const activityKeys = {
  list: (status: ActivityStatus) => ['activity', 'list', status] as const,
  detail: (id: number, uid: string) => ['activity', 'detail', id, uid] as const,
};

export const getActivities = (status: ActivityStatus) =>
  http.get<ActivitySummary[]>('/v1/activity/list', { status });

export const activitiesQuery = (status: ActivityStatus) =>
  queryOptions({
    queryKey: activityKeys.list(status),
    queryFn: () => getActivities(status),
    staleTime: 60_000,
  });

export const useActivities = (status: ActivityStatus) => useQuery(activitiesQuery(status));

/** One activity; a missing one (ended and taken down, a stale link) is the page's own state, not a toast. */
export const getActivity = (id: number) =>
  http.get<ActivityDetail>(`/v1/activity/${id}`, undefined, { quiet: QUIET_NOT_FOUND });

export const activityQuery = (id: number, uid: string) =>
  queryOptions({
    queryKey: activityKeys.detail(id, uid),
    queryFn: () => getActivity(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

/** One activity with its rules and the caller's task progress (counted by the server). */
export function useActivity(id: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(activityQuery(id, uid));
}

/** POST /v1/activity/{id}/task/{tid}/claim: the task's reward, once. */
export const claimTask = ({ id, taskId }: { id: number; taskId: number }) =>
  http.post<ActivityClaim>(`/v1/activity/${id}/task/${taskId}/claim`);

export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTask,
    onSuccess: async (answer, { id }) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      void queryClient.invalidateQueries({ queryKey: ['user', 'status', uid] });
      void queryClient.invalidateQueries({ queryKey: ['user', 'ledger', uid] });
      await queryClient.invalidateQueries({ queryKey: activityKeys.detail(id, uid) });
    },
    onError: (_error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(id, getAccount().uid) });
    },
  });
}
