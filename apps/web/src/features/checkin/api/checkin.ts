import type { UserStatus } from '@ld/contract/accounts';
import type { CheckinResult, CheckinStatus } from '@ld/contract/checkin';
import { ErrorCode } from '@ld/contract/codes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount, useAccountStore } from '../../../shared/stores/account';

export const checkinKeys = {
  all: (uid: string) => ['checkin', uid] as const,
  status: (uid: string, month: string) => ['checkin', uid, month] as const,
};

/** GET /v1/checkin: today, streak, the 7-day cycle and the month's checked days (rewards only for guests). */
export const getCheckinStatus = (month?: string) =>
  http.get<CheckinStatus>('/v1/checkin', month ? { month } : undefined);

export const checkinStatusQuery = (uid: string, month: string) =>
  queryOptions({
    queryKey: checkinKeys.status(uid, month),
    queryFn: () => getCheckinStatus(month || undefined),
    placeholderData: keepPreviousData,
  });

/** `month` '' is this month (the server's calendar). */
export function useCheckinStatus(month: string) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery(checkinStatusQuery(uid, month));
}

/**
 * POST /v1/checkin: today's check-in, or with `date` a 补签. 1001 (补签 with too little balance) is
 * the caller's to handle with the low-balance dialog.
 */
export const postCheckin = (date?: string) =>
  http.post<CheckinResult>('/v1/checkin', date ? { date } : {}, { quiet: [ErrorCode.balanceInsufficient] });

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCheckin,
    onSuccess: async (answer) => {
      const { uid } = getAccount();
      queryClient.setQueryData<UserStatus>(['user', 'status', uid], (s) =>
        s ? { ...s, coinNum: answer.coinNum } : s,
      );
      void queryClient.invalidateQueries({ queryKey: ['user', 'status', uid] });
      void queryClient.invalidateQueries({ queryKey: ['user', 'ledger', uid] });
      await queryClient.invalidateQueries({ queryKey: checkinKeys.all(uid) });
    },
    // Someone else's tap (another device) may have checked in: show what the server holds.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: checkinKeys.all(getAccount().uid) });
    },
  });
}
