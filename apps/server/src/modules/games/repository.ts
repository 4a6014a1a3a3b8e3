import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { shanghaiDayOf } from '../../db/day-buckets.ts';
import { afterKeyset, type PageWindow } from '../../platform/paging.ts';
import type { GameDownloadsTable, GamesTable } from './tables.ts';

export async function listTypes(db: Conn) {
  return db.selectFrom('game_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

export interface GameFilter {
  typeId?: number;
  keyword?: string;
}

/** `%` and `_` in a keyword are literal characters, not wildcards. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The portal sees published games only (drafts are the console's). */
function filtered(db: Conn, filter: GameFilter) {
  let query = db
    .selectFrom('games')
    .innerJoin('game_types', 'game_types.id', 'games.type_id')
    .where('games.published', '=', 1);
  if (filter.typeId !== undefined) query = query.where('games.type_id', '=', filter.typeId);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    // ESCAPE is spelled out because SQLite has no default escape character; lower() makes both dialects case-blind.
    query = query.where(
      sql<boolean>`(lower(games.name) like lower(${pattern}) escape '\\' or lower(games.tags) like lower(${pattern}) escape '\\')`,
    );
  }
  return query;
}

/** Games by `sort` (highest first), then id; a window's keyset is (sort, id). */
export async function listGames(db: Conn, filter: GameFilter, window: PageWindow) {
  const { after } = window;
  return filtered(db, filter)
    .selectAll('games')
    .select('game_types.name as type_name')
    .$if(after !== null, (q) => q.where(afterKeyset('games.sort', 'games.id', after!, 'desc', 'asc')))
    .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('games.sort', 'desc')
    .orderBy('games.id')
    .limit(window.limit)
    .execute();
}

export async function countGames(db: Conn, filter: GameFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A published game by its app id (the portal's detail). */
export async function findGameByAppId(db: Conn, appId: number) {
  return db
    .selectFrom('games')
    .innerJoin('game_types', 'game_types.id', 'games.type_id')
    .selectAll('games')
    .select('game_types.name as type_name')
    .where('games.app_id', '=', appId)
    .where('games.published', '=', 1)
    .executeTakeFirst();
}

export async function findGameById(db: Conn, gameId: number) {
  return db
    .selectFrom('games')
    .innerJoin('game_types', 'game_types.id', 'games.type_id')
    .selectAll('games')
    .select('game_types.name as type_name')
    .where('games.id', '=', gameId)
    .executeTakeFirst();
}

export async function listCards(db: Conn, gameIds: number[]) {
  return db.selectFrom('games').select(['id', 'app_id', 'name', 'icon']).where('id', 'in', gameIds).execute();
}

export async function findIdByAppId(db: Conn, appId: number): Promise<number | null> {
  const row = await db
    .selectFrom('games')
    .select('id')
    .where('app_id', '=', appId)
    .where('published', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertType(db: Conn, name: string, sort: number): Promise<number> {
  const row = await db
    .insertInto('game_types')
    .values({ name, sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGame(db: Conn, row: Insertable<GamesTable>): Promise<number> {
  const inserted = await db.insertInto('games').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setGameMedia(
  db: Conn,
  gameId: number,
  media: Pick<GamesTable, 'icon' | 'screenshots' | 'android_package' | 'ios_package'>,
): Promise<void> {
  await db.updateTable('games').set(media).where('id', '=', gameId).execute();
}

/**
 * The ids of published games, as a subquery: other modules' lists (the gift centre) keep to what
 * the portal shows without reading this table themselves.
 */
export const publishedGameIds = (db: Conn) =>
  db.selectFrom('games').select('games.id').where('games.published', '=', 1);

/**
 * Who brought a download, as the download row's `channel_id, invite_code`: known values (a
 * guest's device's), or the two expressions that read them in the statement (an account's: the
 * devices module's `accountAttributionValues(userId)`).
 */
export type DownloadChannel = { channelId: string; inviteCode: string } | RawBuilder<unknown>;

/**
 * A download's writes: its row (the channel report's) and the game's counter, the counter last, so
 * the game row's lock is held only until the commit. Unexecuted: the caller sends them together
 * (`writeTogether`: one statement on PostgreSQL), alone or in a paid download's purchase statement
 * (purchases/service.ts, `alongside`).
 */
export function downloadWrites(
  row: Omit<Insertable<GameDownloadsTable>, 'channel_id' | 'invite_code'>,
  channel: DownloadChannel,
) {
  const channelValues = 'channelId' in channel ? sql`${channel.channelId}, ${channel.inviteCode}` : channel;
  return [
    sql`insert into game_downloads (game_id, user_id, platform_type, channel_id, invite_code, created_at)
      values (${row.game_id}, ${row.user_id}, ${row.platform_type}, ${channelValues}, ${row.created_at})`,
    sql`update games set download_count = download_count + 1 where id = ${row.game_id}`,
  ];
}

/** A download's facts as a paid-download batch carries them (`extra`, JSON) for `batchDownloadWrites`. */
export interface BatchedDownload {
  gameId: number;
  platformType: number;
  createdAt: number;
}

/**
 * `downloadWrites` for every row of a paid-download batch (purchases' `createBuyBatcher`): the rows
 * from `batch`'s `user_id` and `extra` (a `BatchedDownload`) with each buyer's channel read in the
 * statement (`accountChannel`, given `batch.user_id`), and each game's counter raised by its
 * downloads in the batch. Its game rows must be locked first (`lockGameCounters`).
 */
export function batchDownloadWrites(
  batch: RawBuilder<unknown>,
  accountChannel: (userId: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  return [
    sql`insert into game_downloads (game_id, user_id, platform_type, channel_id, invite_code, created_at)
      select (extra->>'gameId')::bigint, user_id, (extra->>'platformType')::int,
        ${accountChannel(sql.ref('batch.user_id'))}, (extra->>'createdAt')::bigint
      from ${batch}`,
    sql`update games set download_count = games.download_count + counted.n
      from (select (extra->>'gameId')::bigint as game_id, count(*) as n from ${batch} group by 1) as counted
      where games.id = counted.game_id`,
  ];
}

/**
 * Locks the games' rows in id order, for a batch that raises their counters: batches that share
 * games then never wait on each other in a cycle (an update's own row order is the plan's). The
 * lock the counter's update takes itself (`for no key update`): a download row's foreign key check
 * on the game (`for key share`) does not wait for it.
 */
export async function lockGameCounters(db: Conn, gameIds: readonly number[]): Promise<void> {
  const ids = [...new Set(gameIds)].sort((a, b) => a - b);
  await sql`select id from games where id = any(${ids}::bigint[]) order by id for no key update`.execute(db);
}

/** Download rows per Shanghai day, channel and invite code in [from, to). */
export async function countDownloads(
  db: Conn,
  f: { from: number; to: number; channelId?: string | undefined; inviteCode?: string | undefined },
) {
  const day = shanghaiDayOf('created_at');
  return db
    .selectFrom('game_downloads')
    .select((eb) => [day.as('day'), 'channel_id', 'invite_code', eb.fn.countAll<string>().as('n')])
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}
