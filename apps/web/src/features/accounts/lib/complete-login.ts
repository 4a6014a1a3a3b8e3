import type { Account } from '@ld/contract/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from '../../../shared/stores/account';
import { clearInviteCode } from '../../../shared/stores/device';
import { toast } from '../../../shared/ui/toast-store';

// Apart from logout (session.ts, which start-up needs): only the login pages complete a login.
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
