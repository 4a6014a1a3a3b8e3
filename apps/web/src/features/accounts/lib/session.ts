import type { Account } from '@ld/contract/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { clearSessionState } from '../../../shared/hooks/use-session-state';
import { http } from '../../../shared/http/client';
import { getAccount, useAccountStore } from '../../../shared/stores/account';
import { clearInviteCode } from '../../../shared/stores/device';
import { toast } from '../../../shared/ui/toast-store';

/**
 * Guest → logged in (spec §4): keep the account, greet by name, load the status. The invite
 * code has done its job once an account exists.
 */
export async function completeLogin(queryClient: QueryClient, account: Account): Promise<void> {
  useAccountStore.getState().setAccount(account);
  clearInviteCode();
  toast.success(`欢迎回来:${account.name}`);
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['messages'] });
  await queryClient.invalidateQueries({ queryKey: ['square', 'tags'] });
}

/** Logged in → guest: optionally tell the server first; the local reset happens either way. */
export async function logout(queryClient: QueryClient, options: { callServer: boolean }): Promise<void> {
  if (options.callServer && getAccount().uid) {
    await http.post('/user/logout', {}, { quiet: true }).catch(() => undefined);
  }
  useAccountStore.getState().reset();
  clearSessionState();
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['messages'] });
}
