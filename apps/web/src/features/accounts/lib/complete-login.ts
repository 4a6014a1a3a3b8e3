import type { Account } from '@ld/contract/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { mergeGuestProgress } from '../../../shared/lib/guest-progress';
import { useAccountStore } from '../../../shared/stores/account';
import { clearInviteCode } from '../../../shared/stores/device';
import { toast } from '../../../shared/ui/toast-store';

// Apart from logout (session.ts, which start-up needs): only the login pages complete a login.
/**
 * Guest → logged in (spec §4): keep the account, greet by name, load the status, merge the
 * guest's reading progress. The invite code has done its job once an account exists.
 */
export async function completeLogin(queryClient: QueryClient, account: Account): Promise<void> {
  useAccountStore.getState().setAccount(account);
  clearInviteCode();
  toast.success(`欢迎回来:${account.name}`);
  // What the guest read on this device joins the account (the newer position wins server-side).
  // Awaited, so the page the user returns to reads the merged position.
  const merged = await mergeGuestProgress();
  if (merged > 0) queryClient.removeQueries({ queryKey: ['novels'] });
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['messages'] });
  await queryClient.invalidateQueries({ queryKey: ['square', 'tags'] });
}
