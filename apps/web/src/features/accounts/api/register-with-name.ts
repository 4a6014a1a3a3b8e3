import type { Account, RegisterBody } from '@ld/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getDeviceId } from '../../../shared/stores/device';

/** Creates an account by login name and password; the invite code and the device ride along (spec §7). */
export const registerWithName = (body: RegisterBody) =>
  http.post<Account>('/user/registerWithName', {
    ...body,
    inviteCode: body.inviteCode || undefined,
    deviceID: body.deviceID || getDeviceId() || undefined,
  });

export const useRegisterWithName = () => useMutation({ mutationFn: registerWithName });
