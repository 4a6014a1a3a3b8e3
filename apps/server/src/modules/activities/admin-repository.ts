import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { containsText } from '../../db/text-search.ts';
import type { ActivitiesTable, ActivityTasksTable } from './tables.ts';

// The console's reads and writes of activities and their tasks (the portal's are in repository.ts).

export async function listAllActivities(
  db: Conn,
  filters: { title?: string; status?: 'ongoing' | 'upcoming' | 'ended'; published?: boolean },
  now: number,
  sort: 'sort' | 'start_at' | 'end_at' | 'id',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('activities');
  if (filters.published !== undefined) query = query.where('published', '=', filters.published ? 1 : 0);
  if (filters.title) query = query.where(containsText('title', filters.title));
  if (filters.status === 'ongoing') query = query.where('start_at', '<=', now).where('end_at', '>', now);
  if (filters.status === 'upcoming') query = query.where('start_at', '>', now);
  if (filters.status === 'ended') query = query.where('end_at', '<=', now);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Claims per task of these activities. */
export async function claimCounts(db: Conn, activityIds: number[]): Promise<Map<number, number>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('activity_claims')
    .select(['task_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('activity_id', 'in', activityIds)
    .groupBy('task_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.task_id), Number(r.n)]));
}

export async function updateActivity(db: Conn, id: number, changes: Updateable<ActivitiesTable>) {
  await db.updateTable('activities').set(changes).where('id', '=', id).execute();
}

export async function findTask(db: Conn, activityId: number, taskId: number) {
  return db
    .selectFrom('activity_tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
}

export async function insertTask(db: Conn, row: Insertable<ActivityTasksTable>): Promise<number> {
  const inserted = await db
    .insertInto('activity_tasks')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateTask(db: Conn, id: number, changes: Updateable<ActivityTasksTable>) {
  await db.updateTable('activity_tasks').set(changes).where('id', '=', id).execute();
}

/**
 * Users who claimed anything of this activity (or of this one task): 0 lets it be deleted. On
 * PostgreSQL the task rows are locked first, so a claim being made meanwhile (its foreign key
 * shares the task row) is either counted here or waits and then fails on the deleted task — a
 * delete never takes a paid claim's row with it. SQLite runs one writer at a time.
 */
export async function participantCount(db: Conn, activityId: number, taskId?: number): Promise<number> {
  if (onPostgres(db)) {
    let tasks = db.selectFrom('activity_tasks').select('id').where('activity_id', '=', activityId);
    if (taskId !== undefined) tasks = tasks.where('id', '=', taskId);
    await tasks.forUpdate().execute();
  }
  let query = db.selectFrom('activity_claims').where('activity_id', '=', activityId);
  if (taskId !== undefined) query = query.where('task_id', '=', taskId);
  const row = await query
    .select((eb) => eb.fn.count<string>('user_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes an activity and its tasks (their claims are none: the caller checked). */
export async function deleteActivity(db: Conn, id: number) {
  await db.deleteFrom('activity_tasks').where('activity_id', '=', id).execute();
  await db.deleteFrom('activities').where('id', '=', id).execute();
}

export async function deleteTask(db: Conn, id: number) {
  await db.deleteFrom('activity_tasks').where('id', '=', id).execute();
}

/** Whether any activity still shows this banner (one picture may serve several). */
export async function bannerInUse(db: Conn, banner: string): Promise<boolean> {
  const row = await db.selectFrom('activities').select('id').where('banner', '=', banner).executeTakeFirst();
  return row !== undefined;
}

/** Every banner URL an activity names (for the sweep of unsaved uploads, jobs.ts; and the home's). */
export async function bannerUrls(db: Conn): Promise<string[]> {
  const rows = await db.selectFrom('activities').select('banner').distinct().execute();
  return rows.map((r) => r.banner);
}
