import type { WorkKind } from '@ld/contract/content';
import { sql, type Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { containsText } from '../../db/text-search.ts';
import type { WorkRow } from './repository.ts';
import type { WorksTable } from './tables.ts';

// The console's reads and writes of works and units (docs/decisions/0059-novels-and-comics-console.md):
// drafts included, paged by number, and the pricing of a range of units.

export interface AdminWorkFilter {
  title?: string | undefined;
  categoryId?: number | undefined;
  published?: boolean | undefined;
}

function filtered(db: Conn, kind: WorkKind, f: AdminWorkFilter) {
  let q = db.selectFrom('works').where('works.kind', '=', kind);
  if (f.title) q = q.where(containsText('works.title', f.title));
  if (f.categoryId !== undefined) q = q.where('works.category_id', '=', f.categoryId);
  if (f.published !== undefined) q = q.where('works.published', '=', f.published ? 1 : 0);
  return q;
}

export async function listAdminWorks(
  db: Conn,
  kind: WorkKind,
  f: AdminWorkFilter,
  sort: 'id' | 'created_at' | 'title' | 'unit_count',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: WorkRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, kind, f)
      .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
      .selectAll('works')
      .select('work_categories.name as category_name')
      .orderBy(`works.${sort}`, order)
      .orderBy('works.id', order)
      .limit(limit)
      .offset(offset)
      .execute() as Promise<WorkRow[]>,
    filtered(db, kind, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A work of the kind, published or not. */
export function findAnyWork(db: Conn, kind: WorkKind, id: number): Promise<WorkRow | undefined> {
  return db
    .selectFrom('works')
    .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
    .selectAll('works')
    .select('work_categories.name as category_name')
    .where('works.id', '=', id)
    .where('works.kind', '=', kind)
    .executeTakeFirst() as Promise<WorkRow | undefined>;
}

export function categoryOfKind(db: Conn, kind: WorkKind, id: number) {
  return db
    .selectFrom('work_categories')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function updateWork(db: Conn, id: number, values: Updateable<WorksTable>): Promise<void> {
  await db.updateTable('works').set(values).where('id', '=', id).execute();
}

export function listUnitsPage(db: Conn, workId: number, limit: number, offset: number) {
  return db
    .selectFrom('units')
    .selectAll()
    .where('work_id', '=', workId)
    .orderBy('idx')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The highest unit index of a work (0 when it has none). */
export async function lastUnitIdx(db: Conn, workId: number): Promise<number> {
  const row = await db
    .selectFrom('units')
    .select((eb) => eb.fn.max<number | null>('idx').as('last'))
    .where('work_id', '=', workId)
    .executeTakeFirstOrThrow();
  return Number(row.last ?? 0);
}

/** Sets price and VIP of the units with index in [from, to]; answers how many there were. */
export async function priceUnitRange(
  db: Conn,
  workId: number,
  from: number,
  to: number,
  price: number,
  vip: number,
): Promise<number> {
  if (to < from) return 0;
  const result = await db
    .updateTable('units')
    .set({ price, vip })
    .where('work_id', '=', workId)
    .where('idx', '>=', from)
    .where('idx', '<=', to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A unit of a work, the work published or not. */
export function findUnitOfWork(db: Conn, workId: number, unitId: number) {
  return db
    .selectFrom('units')
    .selectAll()
    .where('id', '=', unitId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
}

/**
 * Takes the work's row lock on PostgreSQL (SQLite has one writer already), so two editors'
 * reorders or deletes of one work's units run one after the other.
 */
export async function lockWork(db: Conn, workId: number): Promise<void> {
  if (onPostgres(db)) {
    await db.selectFrom('works').select('id').where('id', '=', workId).forUpdate().executeTakeFirst();
  }
}

export async function renameUnit(db: Conn, unitId: number, title: string): Promise<void> {
  await db.updateTable('units').set({ title }).where('id', '=', unitId).execute();
}

/**
 * Adds `delta` to the index of the work's units with index in [from, to]. UNIQUE (work_id, idx)
 * is checked row by row on PostgreSQL, so they pass through negative indexes (never used) first.
 */
export async function shiftUnits(
  db: Conn,
  workId: number,
  from: number,
  to: number,
  delta: number,
): Promise<void> {
  if (to < from) return;
  await db
    .updateTable('units')
    .set({ idx: sql<number>`-idx` })
    .where('work_id', '=', workId)
    .where('idx', '>=', from)
    .where('idx', '<=', to)
    .execute();
  await db
    .updateTable('units')
    .set({ idx: sql<number>`${delta} - idx` })
    .where('work_id', '=', workId)
    .where('idx', '>=', -to)
    .where('idx', '<=', -from)
    .execute();
}

export async function setUnitIdx(db: Conn, unitId: number, idx: number): Promise<void> {
  await db.updateTable('units').set({ idx }).where('id', '=', unitId).execute();
}

/** Readers' progress in the work follows its units' new indexes (the menu's 读到 and percent read it). */
export async function renumberProgress(db: Conn, workId: number): Promise<void> {
  await db
    .updateTable('progress')
    .set((eb) => ({
      unit_idx: eb.selectFrom('units').select('units.idx').whereRef('units.id', '=', 'progress.unit_id'),
    }))
    .where('work_id', '=', workId)
    .execute();
}

/** Moves readers whose progress is in `unitId` to `toUnitId` (its neighbour), at its start. */
export async function moveProgress(
  db: Conn,
  unitId: number,
  toUnitId: number,
  position: string,
): Promise<void> {
  await db
    .updateTable('progress')
    .set({ unit_id: toUnitId, position })
    .where('unit_id', '=', unitId)
    .execute();
}

/** Deletes a unit; its text, panels, progress and read log go with it (ON DELETE CASCADE). */
export async function deleteUnit(db: Conn, unitId: number): Promise<void> {
  await db.deleteFrom('units').where('id', '=', unitId).execute();
}

/** The work's unit at index `idx`, if any. */
export function findUnitAt(db: Conn, workId: number, idx: number) {
  return db
    .selectFrom('units')
    .selectAll()
    .where('work_id', '=', workId)
    .where('idx', '=', idx)
    .executeTakeFirst();
}
