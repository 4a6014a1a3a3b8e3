import type { UserStatus } from '@ld/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQuery } from '../../../shared/api/get-user-status';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

export interface ProfileChanges {
  name?: string;
  sex?: number;
  age?: string;
}

/** Changes name, sex and age; answers the new status. */
export const updateInfo = (changes: ProfileChanges) =>
  http.post<UserStatus>('/user/center/updateInfo', { ...changes });

/** The answer replaces the cached status, and the stored account follows the profile fields. */
export function useUpdateInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    onSuccess: (status) => {
      queryClient.setQueryData(userStatusQuery(status.uid).queryKey, status);
      useAccountStore.getState().patchAccount({ name: status.name, sex: status.sex, age: status.age });
    },
  });
}
