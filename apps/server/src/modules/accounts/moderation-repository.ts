import type { Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { UsersTable } from './tables.ts';

// SQL for moderators' view of users (mute, ban) and for other modules that reach users in bulk
// (a system message to a channel or everyone).

export interface UserFilter {
  /** A user id (digits) or text in the login or display name. */
  keyword?: string | undefined;
  /** Only users muted or banned at `now`. */
  status?: 'muted' | 'banned' | undefined;
  now: number;
}

const MOD_COLUMNS = [
  'id',
  'login_name',
  'name',
  'phone',
  'channel_id',
  'created_at',
  'muted_until',
  'mute_reason',
  'banned_until',
  'ban_reason',
] as const;

function filtered(db: Conn, f: UserFilter) {
  const keyword = f.keyword;
  return db
    .selectFrom('users')
    .$if(keyword !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          ...(/^\d{1,15}$/.test(keyword!) ? [eb('id', '=', Number(keyword))] : []),
          containsText('login_name', keyword!),
          containsText('name', keyword!),
        ]),
      ),
    )
    .$if(f.status === 'muted', (q) => q.where('muted_until', '>', f.now))
    .$if(f.status === 'banned', (q) => q.where('banned_until', '>', f.now));
}

export async function listUsers(
  db: Conn,
  f: UserFilter,
  sort: 'created_at' | 'id',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(MOD_COLUMNS)
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findModUser = (db: Conn, id: number) =>
  db.selectFrom('users').select(MOD_COLUMNS).where('id', '=', id).executeTakeFirst();

export async function setRestriction(
  db: Conn,
  id: number,
  values: Pick<
    Updateable<UsersTable>,
    'muted_until' | 'mute_reason' | 'banned_until' | 'ban_reason' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Ends every session of the user (a ban): their token is refused at the next call. */
export async function deleteAllSessions(db: Conn, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const findRestriction = (db: Conn, id: number) =>
  db
    .selectFrom('users')
    .select(['muted_until', 'mute_reason', 'banned_until', 'ban_reason'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Ids of users whose login or display name contains `text`, or whose id it is; at most `limit`. */
export async function userIdsMatching(db: Conn, text: string, limit: number): Promise<number[]> {
  const rows = await filtered(db, { keyword: text, now: 0 })
    .select('id')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface Audience {
  /** Only users of this channel; absent: everyone. */
  channelId?: string | undefined;
  /** Only users up to this id (those who existed when a send was made). */
  upToId: number;
}

/** The next `limit` user ids after `afterId` in the audience, ascending. */
export async function audienceIdsAfter(db: Conn, audience: Audience, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', afterId)
    .where('id', '<=', audience.upToId)
    .$if(audience.channelId !== undefined, (q) => q.where('channel_id', '=', audience.channelId!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function countAudience(db: Conn, audience: Audience): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '<=', audience.upToId)
    .$if(audience.channelId !== undefined, (q) => q.where('channel_id', '=', audience.channelId!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function maxUserId(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** What the inbox shows of senders: who, their channel, since when. */
export const listAccountCards = (db: Conn, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'login_name', 'name', 'phone', 'channel_id', 'created_at'])
        .where('id', 'in', ids)
        .execute();
