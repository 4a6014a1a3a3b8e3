import { type Insertable, sql, type Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { GamesTable } from './tables.ts';

// The console's SQL over games and their types (drafts included); the portal's is repository.ts.

export interface AdminGameFilter {
  name?: string | undefined;
  typeId?: number | undefined;
  published?: boolean | undefined;
}

function filtered(db: Conn, f: AdminGameFilter) {
  let q = db.selectFrom('games').innerJoin('game_types', 'game_types.id', 'games.type_id');
  if (f.name) q = q.where(containsText('games.name', f.name));
  if (f.typeId !== undefined) q = q.where('games.type_id', '=', f.typeId);
  if (f.published !== undefined) q = q.where('games.published', '=', f.published ? 1 : 0);
  return q;
}

export type AdminSortColumn = 'sort' | 'id' | 'name' | 'download_count' | 'updated_at';

export async function listGames(
  db: Conn,
  f: AdminGameFilter,
  sort: AdminSortColumn,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('games')
      .select('game_types.name as type_name')
      .orderBy(`games.${sort}`, order)
      // The portal's own tie-break under `sort` (id ascending), else the order asked.
      .orderBy('games.id', sort === 'sort' ? 'asc' : order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findGame = (db: Conn, id: number) =>
  db
    .selectFrom('games')
    .innerJoin('game_types', 'game_types.id', 'games.type_id')
    .selectAll('games')
    .select('game_types.name as type_name')
    .where('games.id', '=', id)
    .executeTakeFirst();

export async function insertGame(db: Conn, row: Insertable<GamesTable>): Promise<number> {
  const { id } = await db.insertInto('games').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateGame(db: Conn, id: number, values: Updateable<GamesTable>): Promise<void> {
  await db.updateTable('games').set(values).where('id', '=', id).execute();
}

/** The next free app id: one past the highest, never below `floor`. */
export async function nextAppId(db: Conn, floor: number): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.max('app_id').as('top'))
    .executeTakeFirst();
  return Math.max(floor, Number(row?.top ?? 0) + 1);
}

/** The highest sort value (a new game goes first). */
export async function topSort(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.max('sort').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/**
 * The game just before (`up`) or after (`down`) this one in the portal's order (sort desc, id asc),
 * among every game, drafts included; undefined at either end.
 */
export async function neighbourOf(db: Conn, game: { id: number; sort: number }, direction: 'up' | 'down') {
  const up = direction === 'up';
  return db
    .selectFrom('games')
    .select(['id', 'sort'])
    .where((eb) =>
      up
        ? eb.or([eb('sort', '>', game.sort), eb.and([eb('sort', '=', game.sort), eb('id', '<', game.id)])])
        : eb.or([eb('sort', '<', game.sort), eb.and([eb('sort', '=', game.sort), eb('id', '>', game.id)])]),
    )
    .orderBy('sort', up ? 'asc' : 'desc')
    .orderBy('id', up ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
}

export async function listTypes(db: Conn) {
  return db
    .selectFrom('game_types')
    .select(['id', 'name', 'sort'])
    .select(sql<number>`(select count(*) from games g where g.type_id = game_types.id)`.as('game_count'))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export const findType = (db: Conn, id: number) =>
  db.selectFrom('game_types').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();

export const findTypeByName = (db: Conn, name: string) =>
  db.selectFrom('game_types').select(['id']).where('name', '=', name).executeTakeFirst();

export async function insertType(db: Conn, name: string): Promise<number> {
  const top = await db
    .selectFrom('game_types')
    .select((eb) => eb.fn.max('sort').as('top'))
    .executeTakeFirst();
  const { id } = await db
    .insertInto('game_types')
    .values({ name, sort: Number(top?.top ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
