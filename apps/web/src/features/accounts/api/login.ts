import type { Account, LoginBody } from '@ld/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** Logs in by login name and password; answers the account with a fresh token. */
export const login = (body: LoginBody) => http.post<Account>('/user/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
