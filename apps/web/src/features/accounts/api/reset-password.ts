import type { ResetPasswordBody } from '@ld/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/**
 * Changes the logged-in user's password, by the old one or by a code sent to the bound phone
 * (DESIGN §6). The caller stays logged in; the account's other sessions end.
 */
export const resetPassword = (body: ResetPasswordBody) => http.post<null>('/user/resetPassword', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
