import { http } from '../../../shared/http/client';

export interface DeviceInitPayload {
  appID: number;
  channelID: string;
  deviceID: string;
  deviceType: 'h5';
  osType: 3;
  inviteCode?: string;
}

/** `/user/device/init`: records the device with its channel and invite code. Failures are only logged. */
export const initDevice = (payload: DeviceInitPayload) =>
  http.post<{ deviceID: string; channelID: string }>('/user/device/init', { ...payload }, { quiet: true });
