import type { Account, PhoneLoginBody } from '@ld/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ClientConfig,
  clientConfigQuery,
  isPhoneAutoRegister,
} from '../../../shared/api/get-client-config';
import { http } from '../../../shared/http/client';
import { getDeviceId } from '../../../shared/stores/device';

/** Phone login registers a new number unless the config turns that off (spec §4). */
export const phoneLoginPath = (config: ClientConfig | undefined): string =>
  isPhoneAutoRegister(config) ? '/user/loginWithPhone' : '/user/loginPhoneWithoutRegister';

/** Logs in by phone and SMS code (type login), sending the invite code (spec §7) and the device. */
export const loginWithPhone = (body: PhoneLoginBody, config: ClientConfig | undefined) =>
  http.post<Account>(phoneLoginPath(config), {
    ...body,
    inviteCode: body.inviteCode || undefined,
    deviceID: body.deviceID || getDeviceId() || undefined,
  });

/** Reads the client config first (cached, or fetched now); without it the server's default applies. */
export function useLoginWithPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PhoneLoginBody) => {
      const config = await queryClient.ensureQueryData(clientConfigQuery()).catch(() => undefined);
      return loginWithPhone(body, config);
    },
  });
}
