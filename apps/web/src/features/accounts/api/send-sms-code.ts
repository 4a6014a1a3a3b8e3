import type { SmsCodeBody } from '@ld/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** Sends a 6-digit code to the phone for one purpose: login, bind or reset (DESIGN §12). */
export const sendSmsCode = (body: SmsCodeBody) => http.post<null>('/user/smsCode', body);

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
