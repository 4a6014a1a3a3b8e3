import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { getChannelId, getDeviceId, getInviteCode } from '../../shared/stores/device';
import { initDevice } from './api/init-device';

export interface SdkResult {
  code: 0 | 1;
  msg: string;
}

/**
 * The device/SDK start-up of spec §2 and §8: code 0 'SDK初始化成功'; code 1 with
 * 'appID和appKey不能为空' when the device id cannot be had, or 'SDK初始化失败' when the call fails.
 */
export async function initSdk(): Promise<SdkResult> {
  const deviceID = getDeviceId();
  if (!deviceID) return { code: 1, msg: 'appID和appKey不能为空' };
  try {
    await initDevice({
      appID: PORTAL_APP_ID,
      channelID: getChannelId(),
      deviceID,
      deviceType: 'h5',
      osType: 3,
      inviteCode: getInviteCode(),
    });
    return { code: 0, msg: 'SDK初始化成功' };
  } catch {
    return { code: 1, msg: 'SDK初始化失败' };
  }
}
