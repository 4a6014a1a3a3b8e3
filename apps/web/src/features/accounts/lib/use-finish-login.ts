import type { Account } from '@ld/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../../../shared/lib/login-redirect';
import { completeLogin } from './session';

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
