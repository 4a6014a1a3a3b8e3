import type { Account, RegisterBody } from '@ld/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** Creates an account by login name and password; the invite code rides along (spec §7). */
export const registerWithName = (body: RegisterBody) =>
  http.post<Account>('/user/registerWithName', { ...body, inviteCode: body.inviteCode || undefined });

export const useRegisterWithName = () => useMutation({ mutationFn: registerWithName });
