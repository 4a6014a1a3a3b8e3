import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { type DayCount, dayText } from '../../db/day-buckets.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DomainEvent } from '../../platform/events.ts';
import * as repo from './repository.ts';

// Channel attribution (DESIGN §2 "devices (and channel attribution)", decision 0062): which channel
// and invite code brought each account, and the counts the channel report reads.

/** The channel of an account nobody attributed (the portal's default channel). */
export const NO_CHANNEL = { channelId: '0', inviteCode: '' } as const;

export interface Attribution {
  channelId: string;
  inviteCode: string;
}

/**
 * At sign-up, in the registration's transaction: the account belongs to its device's first
 * channel (the first visit brought it), and to the invite code it gave, else its device's.
 */
export async function attributeNewAccount(
  trx: Conn,
  event: DomainEvent<'account.registered'>,
  now: number,
): Promise<void> {
  const device = event.deviceId ? await repo.findDevice(trx, event.deviceId) : undefined;
  await repo.insertUserChannel(trx, {
    user_id: event.userId,
    channel_id: device?.channel_id ?? NO_CHANNEL.channelId,
    invite_code: (event.inviteCode ?? device?.invite_code ?? '').slice(0, 32),
    device_id: event.deviceId ?? null,
    created_at: now,
  });
}

/** The channel a device was first seen with (the default channel for none or an unknown one). */
export async function firstChannelOf(db: Conn, deviceId: string | undefined): Promise<string> {
  if (!deviceId) return NO_CHANNEL.channelId;
  return (await repo.findDevice(db, deviceId))?.channel_id ?? NO_CHANNEL.channelId;
}

export function registerDeviceHandlers(deps: Pick<Deps, 'events' | 'clock'>): void {
  deps.events.on('account.registered', (trx, event) => attributeNewAccount(trx, event, deps.clock.now()));
}

/** The account's channel and invite code (the default channel for an account made before attribution). */
export async function attributionOf(db: Conn, userId: number | null): Promise<Attribution> {
  if (userId === null) return NO_CHANNEL;
  const row = await repo.findUserChannel(db, userId);
  return row ? { channelId: row.channel_id, inviteCode: row.invite_code } : NO_CHANNEL;
}

/**
 * An account's channel and invite code as two expressions (`NO_CHANNEL`'s for an account made
 * before attribution), for another module's statement that writes them with the account's row
 * (a paid download's, in its purchase; `userId` a value, or a column of a batch). Read in the
 * statement, not before it: a read of its own was a round trip on every first download of an
 * account in each process (docs/decisions/0056-cluster.md, "session reads together").
 */
export const accountAttributionValues = (userId: number | RawBuilder<unknown>) =>
  sql`coalesce((select channel_id from user_channels where user_channels.user_id = ${userId}), ${NO_CHANNEL.channelId}),
    coalesce((select invite_code from user_channels where user_channels.user_id = ${userId}), ${NO_CHANNEL.inviteCode})`;

/**
 * Who brought a download nobody signed in for: its device's first channel and invite code (as a
 * sign-up from that device would get), or the default channel for no device or an unknown one.
 */
export async function attributionOfDevice(db: Conn, deviceId: string | undefined): Promise<Attribution> {
  const device = deviceId ? await repo.findDevice(db, deviceId) : undefined;
  return device ? { channelId: device.channel_id, inviteCode: device.invite_code } : NO_CHANNEL;
}

export type { CountFilter } from './repository.ts';

const toDayCounts = (rows: Array<{ day: number; channel_id: string; invite_code: string; n: string }>) =>
  rows.map(
    (r): DayCount => ({
      day: dayText(r.day),
      channelId: r.channel_id,
      inviteCode: r.invite_code,
      count: Number(r.n),
    }),
  );

export const countDeviceInits = async (db: Conn, f: repo.CountFilter): Promise<DayCount[]> =>
  toDayCounts(await repo.countVisits(db, 'device_init', f));

export const countDownloadPageVisits = async (db: Conn, f: repo.CountFilter): Promise<DayCount[]> =>
  toDayCounts(await repo.countVisits(db, 'download_page', f));

export const countRegistrations = async (db: Conn, f: repo.CountFilter): Promise<DayCount[]> =>
  toDayCounts(await repo.countRegistrations(db, f));
