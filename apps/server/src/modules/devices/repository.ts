import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { shanghaiDayOf } from '../../db/day-buckets.ts';
import type { ChannelVisitsTable, UserChannelsTable } from './tables.ts';

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

/** The account's attribution, written once at sign-up (a second write for the same account keeps the first). */
export async function insertUserChannel(db: Conn, row: Insertable<UserChannelsTable>): Promise<void> {
  await db
    .insertInto('user_channels')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export const findUserChannel = (db: Conn, userId: number) =>
  db
    .selectFrom('user_channels')
    .select(['channel_id', 'invite_code'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export interface CountFilter {
  from: number;
  to: number;
  channelId?: string | undefined;
  inviteCode?: string | undefined;
}

/**
 * Visits of one kind per Shanghai day, channel and invite code in [from, to): every download-page
 * visit, but each device once a day for device inits (an app opened five times is one device).
 */
export async function countVisits(db: Conn, kind: ChannelVisitsTable['kind'], f: CountFilter) {
  const day = shanghaiDayOf('created_at');
  return db
    .selectFrom('channel_visits')
    .select((eb) => [
      day.as('day'),
      'channel_id',
      'invite_code',
      (kind === 'device_init' ? eb.fn.count<string>('device_id').distinct() : eb.fn.countAll<string>()).as(
        'n',
      ),
    ])
    .where('kind', '=', kind)
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}

/** Accounts made per Shanghai day, channel and invite code in [from, to). */
export async function countRegistrations(db: Conn, f: CountFilter) {
  const day = shanghaiDayOf('created_at');
  return db
    .selectFrom('user_channels')
    .select((eb) => [day.as('day'), 'channel_id', 'invite_code', eb.fn.countAll<string>().as('n')])
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}
