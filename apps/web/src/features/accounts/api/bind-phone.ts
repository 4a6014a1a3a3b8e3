import type { Account, BindBody } from '@ld/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQuery } from '../../../shared/api/get-user-status';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** Binds a phone to the logged-in account (code type bind); answers the account, now needBind 0. */
export const bindPhone = (body: BindBody) => http.post<Account>('/user/bind', body);

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: async (account) => {
      useAccountStore.getState().setAccount(account);
      await queryClient.invalidateQueries({ queryKey: userStatusQuery(account.uid).queryKey });
    },
  });
}
