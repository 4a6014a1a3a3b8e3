import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { ChannelVisitsTable } from './tables.ts';

export interface DeviceSeen {
  deviceId: string;
  channelId: string;
  inviteCode: string;
  deviceType: string;
  osType: number;
  userAgent: string;
  now: number;
}

/**
 * Records a device, or notes that it was seen again. The channel and invite code of its first
 * visit are kept: attribution goes to whoever brought the device first.
 */
export async function upsertDevice(db: Conn, d: DeviceSeen): Promise<void> {
  await db
    .insertInto('devices')
    .values({
      device_id: d.deviceId,
      channel_id: d.channelId,
      invite_code: d.inviteCode,
      device_type: d.deviceType,
      os_type: d.osType,
      user_agent: d.userAgent,
      created_at: d.now,
      last_seen_at: d.now,
    })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({
        last_seen_at: d.now,
        device_type: d.deviceType,
        os_type: d.osType,
        user_agent: d.userAgent,
      }),
    )
    .execute();
}

export const findDevice = (db: Conn, deviceId: string) =>
  db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();

export async function insertVisit(db: Conn, visit: Insertable<ChannelVisitsTable>): Promise<void> {
  await db.insertInto('channel_visits').values(visit).execute();
}
