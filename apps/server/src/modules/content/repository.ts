import type { WorkKind, WorkSortValue } from '@ld/contract/content';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Keyset } from './cursor.ts';
import type {
  ProgressTable,
  ReadingSettingsTable,
  UnitsTable,
  WorkCategoriesTable,
  WorksTable,
} from './tables.ts';

export type WorkRow = Selectable<WorksTable> & { category_name: string };
export type UnitRow = Selectable<UnitsTable>;
export type ProgressRow = Selectable<ProgressTable>;

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface WorkFilter {
  categoryId?: number;
  keyword?: string;
  sort: WorkSortValue;
}

/** The column a list order reads after its equality columns (works_* indexes). */
const sortColumn = (sort: WorkSortValue) => (sort === 2 ? 'works.latest_unit_at' : 'works.hot_score');

/** The works a list filter keeps, on `works` alone: the count needs no join (a join per row made
 * counting 10,000 works six times slower, `npm run bench` novels). */
function filtered(db: Conn, kind: WorkKind, filter: WorkFilter) {
  // Drafts are the console's alone (docs/decisions/0059-novels-and-comics-console.md).
  let q = db.selectFrom('works').where('works.kind', '=', kind).where('works.published', '=', 1);
  if (filter.categoryId !== undefined) q = q.where('works.category_id', '=', filter.categoryId);
  if (filter.sort === 3) q = q.where('works.status', '=', 1);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    // ESCAPE is spelled out because SQLite has no default escape character; lower() makes both
    // dialects case-blind. A substring match reads every work of the kind: 10,000 rows is cheap.
    q = q.where(
      sql<boolean>`(lower(works.title) like lower(${pattern}) escape '\\' or lower(works.author) like lower(${pattern}) escape '\\')`,
    );
  }
  return q;
}

export interface WorkWindow {
  limit: number;
  offset: number;
  after: Keyset | null;
}

export function listWorks(db: Conn, kind: WorkKind, filter: WorkFilter, window: WorkWindow) {
  const column = sortColumn(filter.sort);
  let q = filtered(db, kind, filter)
    .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
    .selectAll('works')
    .select('work_categories.name as category_name');
  if (window.after) {
    const { value, id } = window.after;
    // A row value, so both dialects seek the index to the cursor instead of filtering from the top.
    q = q.where(sql<boolean>`(${sql.ref(column)}, works.id) < (${value}, ${id})`);
  } else if (window.offset > 0) {
    q = q.offset(window.offset);
  }
  return q.orderBy(column, 'desc').orderBy('works.id', 'desc').limit(window.limit).execute() as Promise<
    WorkRow[]
  >;
}

export async function countWorks(db: Conn, kind: WorkKind, filter: WorkFilter): Promise<number> {
  const row = await filtered(db, kind, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findWork(db: Conn, kind: WorkKind, id: number): Promise<WorkRow | undefined> {
  return db
    .selectFrom('works')
    .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
    .selectAll('works')
    .select('work_categories.name as category_name')
    .where('works.id', '=', id)
    .where('works.kind', '=', kind)
    .where('works.published', '=', 1)
    .executeTakeFirst() as Promise<WorkRow | undefined>;
}

export function findWorks(db: Conn, ids: number[]): Promise<WorkRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('works')
    .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
    .selectAll('works')
    .select('work_categories.name as category_name')
    .where('works.id', 'in', ids)
    .where('works.published', '=', 1)
    .execute() as Promise<WorkRow[]>;
}

export function listCategories(db: Conn, kind: WorkKind) {
  return db
    .selectFrom('work_categories')
    .select(['id', 'name'])
    .where('kind', '=', kind)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A view is a statistic, written outside any money transaction. */
export async function countView(db: Conn, workId: number): Promise<void> {
  await db
    .updateTable('works')
    .set((eb) => ({ view_count: eb('view_count', '+', 1), hot_score: eb('hot_score', '+', 1) }))
    .where('id', '=', workId)
    .execute();
}

/**
 * Notes that `viewer` viewed `workId` on `day`; answers whether this is the first time that day
 * (only then is the view counted).
 */
export async function noteView(db: Conn, workId: number, viewer: string, day: number): Promise<boolean> {
  const inserted = await db
    .insertInto('work_views')
    .values({ work_id: workId, viewer, day })
    .onConflict((oc) => oc.columns(['work_id', 'day', 'viewer']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets views of days before `day` (they never count again). */
export async function pruneViews(db: Conn, day: number): Promise<void> {
  await db.deleteFrom('work_views').where('day', '<', day).execute();
}

/** Subscribing weighs more than a view in 热门. */
export const SUBSCRIBE_HEAT = 10;
async function addHeat(db: Conn, workId: number, delta: number): Promise<void> {
  await db
    .updateTable('works')
    .set((eb) => ({ hot_score: eb('hot_score', '+', delta) }))
    .where('id', '=', workId)
    .execute();
}

// Units.

/** A menu page: units after `afterIdx` in reading order (or before it, descending). */
export function listUnits(
  db: Conn,
  workId: number,
  order: 'asc' | 'desc',
  afterIdx: number | null,
  limit: number,
): Promise<UnitRow[]> {
  let q = db.selectFrom('units').selectAll().where('work_id', '=', workId);
  if (afterIdx !== null) q = q.where('idx', order === 'asc' ? '>' : '<', afterIdx);
  return q.orderBy('idx', order).limit(limit).execute();
}

export function findUnit(db: Conn, workId: number, unitId: number): Promise<UnitRow | undefined> {
  return db
    .selectFrom('units')
    .selectAll()
    .where('id', '=', unitId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
}

/** A work's first unit (a video's single unit). */
export function firstUnit(db: Conn, workId: number): Promise<UnitRow | undefined> {
  return db
    .selectFrom('units')
    .selectAll()
    .where('work_id', '=', workId)
    .where('idx', '=', 1)
    .executeTakeFirst();
}

/** The first unit of each of `workIds` (videos: their single unit). */
export function firstUnitsOf(db: Conn, workIds: number[]): Promise<UnitRow[]> {
  if (workIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('units').selectAll().where('work_id', 'in', workIds).where('idx', '=', 1).execute();
}

/** The unit right before or after `idx` in reading order. */
export function neighbourUnit(
  db: Conn,
  workId: number,
  idx: number,
  direction: 'prev' | 'next',
): Promise<UnitRow | undefined> {
  return db
    .selectFrom('units')
    .selectAll()
    .where('work_id', '=', workId)
    .where('idx', direction === 'next' ? '>' : '<', idx)
    .orderBy('idx', direction === 'next' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertCategory(db: Conn, row: Insertable<WorkCategoriesTable>): Promise<number> {
  const inserted = await db
    .insertInto('work_categories')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertWork(db: Conn, row: Insertable<WorksTable>): Promise<number> {
  const inserted = await db.insertInto('works').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Inserts units (in chunks, under SQLite's variable limit) and answers their ids in order. */
export async function insertUnits(db: Conn, rows: Insertable<UnitsTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const inserted = await db.insertInto('units').values(chunk).returning(['id', 'idx']).execute();
    inserted.sort((a, b) => a.idx - b.idx);
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** Keeps a work's list fields (count, words, latest unit) in step with its units. */
export async function refreshWorkUnits(db: Conn, workId: number): Promise<void> {
  const latest = await db
    .selectFrom('units')
    .select(['id', 'title', 'created_at', 'idx'])
    .where('work_id', '=', workId)
    .orderBy('idx', 'desc')
    .limit(1)
    .executeTakeFirst();
  const totals = await db
    .selectFrom('units')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('word_count').as('words')])
    .where('work_id', '=', workId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('works')
    .set({
      unit_count: Number(totals.n),
      word_count: Number(totals.words ?? 0),
      latest_unit_id: latest ? latest.id : null,
      latest_unit_title: latest ? latest.title : null,
      ...(latest ? { latest_unit_at: latest.created_at } : {}),
    })
    .where('id', '=', workId)
    .execute();
}

// Progress and history.

export async function findProgress(db: Conn, userId: number, workId: number) {
  const [row] = await progressOf(db, userId, [workId]);
  return row;
}

export function progressOf(db: Conn, userId: number, workIds: number[]) {
  if (workIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('progress')
    .innerJoin('units', 'units.id', 'progress.unit_id')
    .selectAll('progress')
    .select('units.title as unit_title')
    .where('progress.user_id', '=', userId)
    .where('progress.work_id', 'in', workIds)
    .execute();
}

/**
 * Stores a reading position unless the stored one has a newer (or equal) client time: one
 * statement, so two devices writing at once cannot let the older one win.
 */
export async function saveProgress(db: Conn, row: Selectable<ProgressTable>): Promise<void> {
  await db
    .insertInto('progress')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'work_id'])
        .doUpdateSet((eb) => ({
          unit_id: eb.ref('excluded.unit_id'),
          unit_idx: eb.ref('excluded.unit_idx'),
          position: eb.ref('excluded.position'),
          client_time: eb.ref('excluded.client_time'),
          read_at: eb.ref('excluded.read_at'),
          seen_units: eb.ref('excluded.seen_units'),
          in_history: 1,
        }))
        .where('progress.client_time', '<', (eb) => eb.ref('excluded.client_time')),
    )
    .execute();
}

export function listHistory(
  db: Conn,
  userId: number,
  kind: WorkKind | undefined,
  after: Keyset | null,
  limit: number,
) {
  let q = db
    .selectFrom('progress')
    .select(['work_id', 'read_at'])
    .where('user_id', '=', userId)
    .where('in_history', '=', 1);
  if (kind) q = q.where('kind', '=', kind);
  if (after) {
    q = q.where(sql<boolean>`(read_at, work_id) < (${after.value}, ${after.id})`);
  }
  return q.orderBy('read_at', 'desc').orderBy('work_id', 'desc').limit(limit).execute();
}

export async function hideHistory(
  db: Conn,
  userId: number,
  filter: { kind?: WorkKind; workId?: number },
): Promise<number> {
  let q = db
    .updateTable('progress')
    .set({ in_history: 0 })
    .where('user_id', '=', userId)
    .where('in_history', '=', 1);
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  if (filter.workId !== undefined) q = q.where('work_id', '=', filter.workId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Subscriptions.

export async function subscribe(
  db: Conn,
  row: { user_id: number; work_id: number; kind: WorkKind; seen_units: number; created_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'work_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await addHeat(db, row.work_id, SUBSCRIBE_HEAT);
  return added;
}

export async function unsubscribe(db: Conn, userId: number, workId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('subscriptions')
    .where('user_id', '=', userId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await addHeat(db, workId, -SUBSCRIBE_HEAT);
  return removed;
}

export async function subscribedIds(db: Conn, userId: number, workIds: number[]): Promise<Set<number>> {
  if (workIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('subscriptions')
    .select('work_id')
    .where('user_id', '=', userId)
    .where('work_id', 'in', workIds)
    .execute();
  return new Set(rows.map((r) => Number(r.work_id)));
}

export function listSubscriptions(
  db: Conn,
  userId: number,
  kind: WorkKind | undefined,
  after: Keyset | null,
  limit: number,
) {
  let q = db
    .selectFrom('subscriptions')
    .select(['work_id', 'created_at', 'seen_units'])
    .where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  if (after) {
    q = q.where(sql<boolean>`(created_at, work_id) < (${after.value}, ${after.id})`);
  }
  return q.orderBy('created_at', 'desc').orderBy('work_id', 'desc').limit(limit).execute();
}

// Reading settings.

export function findSettings(db: Conn, userId: number) {
  return db.selectFrom('reading_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveSettings(db: Conn, row: Selectable<ReadingSettingsTable>): Promise<void> {
  const { user_id: _user, ...rest } = row;
  await db
    .insertInto('reading_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
    .execute();
}

// The read log (activity tasks count it).

/** Notes that the user read the unit that day; a second read the same day changes nothing. */
export async function logUnitRead(
  db: Conn,
  row: { user_id: number; unit_id: number; day_start: number; kind: WorkKind; read_at: number },
): Promise<void> {
  await db
    .insertInto('unit_reads')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'unit_id', 'day_start']).doNothing())
    .execute();
}

/** Distinct units of `kinds` the user read in [from, to). */
export async function countUnitsRead(
  db: Conn,
  userId: number,
  kinds: readonly WorkKind[],
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('unit_reads')
    .select((eb) => eb.fn.count<string>('unit_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', '>=', from)
    .where('read_at', '<', to)
    .where('kind', 'in', kinds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
