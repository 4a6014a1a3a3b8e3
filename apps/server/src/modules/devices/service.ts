import type { DeviceInitBody, DownloadVisitBody } from '@ld/contract/client-config';
import type { Deps } from '../../platform/deps.ts';
import * as repo from './repository.ts';

export interface VisitContext {
  ip: string;
  userAgent: string;
}

/** SDK start-up: records the device and the visit; answers the channel the device is attributed to. */
export async function initDevice(
  deps: Deps,
  body: DeviceInitBody,
  ctx: VisitContext,
): Promise<{ deviceID: string; channelID: string }> {
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    await repo.upsertDevice(trx, {
      deviceId: body.deviceID,
      channelId: body.channelID,
      inviteCode: body.inviteCode,
      deviceType: body.deviceType,
      osType: body.osType,
      userAgent: ctx.userAgent.slice(0, 255),
      now,
    });
    await repo.insertVisit(trx, {
      kind: 'device_init',
      channel_id: body.channelID,
      invite_code: body.inviteCode,
      device_id: body.deviceID,
      ip: ctx.ip.slice(0, 64),
      created_at: now,
    });
    const device = await repo.findDevice(trx, body.deviceID);
    return { deviceID: body.deviceID, channelID: device?.channel_id ?? body.channelID };
  });
}

/** A visit to the download page, counted per channel and invite code. */
export async function recordDownloadVisit(
  deps: Deps,
  body: DownloadVisitBody,
  ctx: VisitContext,
): Promise<void> {
  await repo.insertVisit(deps.db.kysely, {
    kind: 'download_page',
    channel_id: body.channelID,
    invite_code: body.inviteCode,
    device_id: null,
    ip: ctx.ip.slice(0, 64),
    created_at: deps.clock.now(),
  });
}
