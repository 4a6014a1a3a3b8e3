import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount, useAccountStore } from '../../../shared/stores/account';

/** Logged in → guest: optionally tell the server first; the local reset happens either way. */
export async function logout(queryClient: QueryClient, options: { callServer: boolean }): Promise<void> {
  if (options.callServer && getAccount().uid) {
    await http.post('/user/logout', {}, { quiet: true }).catch(() => undefined);
  }
  useAccountStore.getState().reset();
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['messages'] });
}
