import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { afterKeyset, type PageWindow } from '../../platform/paging.ts';
import { publishedGameIds } from '../games/public.ts';

/** Packs with their stock: total codes and the ones nobody has claimed. */
function packsWithStock(db: Conn) {
  return db
    .selectFrom('gift_packs as p')
    .selectAll('p')
    .select([
      sql<number>`(select count(*) from gift_codes c where c.pack_id = p.id)`.as('total'),
      sql<number>`(select count(*) from gift_codes c where c.pack_id = p.id and c.user_id is null)`.as(
        'remaining',
      ),
    ]);
}

export async function listPacksOfGame(db: Conn, gameId: number) {
  return packsWithStock(db).where('p.game_id', '=', gameId).orderBy('p.end_at').orderBy('p.id').execute();
}

/** Packs open at `now` with codes left, newest first (the square's gift centre); keyset (start_at, id). */
export async function listOpenPacks(db: Conn, now: number, window: PageWindow) {
  const { after } = window;
  return openPacks(db, now)
    .$if(after !== null, (q) => q.where(afterKeyset('p.start_at', 'p.id', after!, 'desc')))
    .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('p.start_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(window.limit)
    .execute();
}

/** Packs of published games (a draft's packs wait for it) that are open at `now` with codes left. */
function openPacks(db: Conn, now: number) {
  return packsWithStock(db)
    .where('p.game_id', 'in', publishedGameIds(db))
    .where('p.start_at', '<=', now)
    .where('p.end_at', '>', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('gift_codes as c')
          .select('c.id')
          .whereRef('c.pack_id', '=', 'p.id')
          .where('c.user_id', 'is', null),
      ),
    );
}

export async function countOpenPacks(db: Conn, now: number): Promise<number> {
  const row = await db
    .selectFrom('gift_packs as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.game_id', 'in', publishedGameIds(db))
    .where('p.start_at', '<=', now)
    .where('p.end_at', '>', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('gift_codes as c')
          .select('c.id')
          .whereRef('c.pack_id', '=', 'p.id')
          .where('c.user_id', 'is', null),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPack(db: Conn, packId: number) {
  return db.selectFrom('gift_packs').selectAll().where('id', '=', packId).executeTakeFirst();
}

export async function findClaimedCode(db: Conn, packId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('gift_codes')
    .select('code')
    .where('pack_id', '=', packId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function claimedCodesOfPacks(db: Conn, userId: number, packIds: number[]) {
  if (packIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('gift_codes')
    .select(['pack_id', 'code'])
    .where('user_id', '=', userId)
    .where('pack_id', 'in', packIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.pack_id), r.code]));
}

/**
 * Gives one free code of the pack to the user; answers it, or null when none could be taken. On
 * PostgreSQL, SKIP LOCKED lets concurrent claimers take different codes instead of queueing on the
 * same row; with `wait` the claim queues on those locks instead and takes what their claims left,
 * so null then means none is left. The outer `user_id is null` keeps a code from changing hands.
 */
export async function takeFreeCode(
  db: Conn,
  packId: number,
  userId: number,
  now: number,
  { wait = false } = {},
): Promise<string | null> {
  const row = await db
    .updateTable('gift_codes')
    .set({ user_id: userId, claimed_at: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('gift_codes')
        .select('id')
        .where('pack_id', '=', packId)
        .where('user_id', 'is', null)
        .orderBy('id')
        .limit(1)
        .$if(onPostgres(db), (qb) => (wait ? qb.forUpdate() : qb.forUpdate().skipLocked())),
    )
    .where('user_id', 'is', null)
    .returning('code')
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function countFreeCodes(db: Conn, packId: number): Promise<number> {
  const row = await db
    .selectFrom('gift_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pack_id', '=', packId)
    .where('user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's claimed codes, newest claim first; keyset (claimed_at, id). */
export async function listMyCodes(db: Conn, userId: number, window: PageWindow) {
  const { after } = window;
  return db
    .selectFrom('gift_codes as c')
    .innerJoin('gift_packs as p', 'p.id', 'c.pack_id')
    .select(['c.id', 'c.code', 'c.claimed_at', 'p.id as pack_id', 'p.title', 'p.content', 'p.game_id'])
    .where('c.user_id', '=', userId)
    .$if(after !== null, (q) => q.where(afterKeyset('c.claimed_at', 'c.id', after!, 'desc')))
    .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('c.claimed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(window.limit)
    .execute();
}

export async function countMyCodes(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('gift_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPack(
  db: Conn,
  row: {
    game_id: number;
    title: string;
    content: string;
    start_at: number;
    end_at: number;
    created_at: number;
  },
): Promise<number> {
  const inserted = await db.insertInto('gift_packs').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertCodes(
  db: Conn,
  rows: Array<{ pack_id: number; code: string; user_id: number | null; claimed_at: number | null }>,
): Promise<void> {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('gift_codes')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
