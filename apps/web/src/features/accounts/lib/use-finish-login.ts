import type { Account } from '@ld/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { completeLogin } from './complete-login';
import { redirectTarget } from './redirect-target';

/** After any kind of login: keep the account, greet, and return to the page that sent the user here. */
export function useFinishLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return async (account: Account) => {
    await completeLogin(queryClient, account);
    navigate(redirectTarget(search), { replace: true });
  };
}
