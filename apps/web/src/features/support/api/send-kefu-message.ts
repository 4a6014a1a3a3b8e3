import type { KefuBody } from '@ld/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** A note to customer service or a business request (kind); guests may send it too. */
export const sendKefuMessage = (body: KefuBody) => http.post<{ id: number }>('/user/kefu', body);

export const useSendKefuMessage = () => useMutation({ mutationFn: sendKefuMessage });
