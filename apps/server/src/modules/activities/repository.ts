import type { Insertable, Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { ActivitiesTable, ActivityTasksTable } from './tables.ts';

export type ActivityRow = Selectable<ActivitiesTable>;
export type TaskRow = Selectable<ActivityTasksTable>;

const SUMMARY_COLUMNS = ['id', 'title', 'summary', 'banner', 'start_at', 'end_at', 'sort'] as const;

/** Published activities of a status at `now`, in their list order. */
export function listActivities(db: Conn, status: 'ongoing' | 'upcoming' | 'ended' | undefined, now: number) {
  let q = db
    .selectFrom('activities')
    .select([...SUMMARY_COLUMNS])
    .where('published', '=', 1);
  if (status === 'ongoing') q = q.where('start_at', '<=', now).where('end_at', '>', now);
  if (status === 'upcoming') q = q.where('start_at', '>', now);
  if (status === 'ended') q = q.where('end_at', '<=', now);
  return q.orderBy('end_at', 'desc').orderBy('id', 'desc').limit(100).execute();
}

export function findActivity(db: Conn, id: number): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The tasks of these activities: the enabled ones (the portal's), or all of them (the console's). */
export function tasksOf(
  db: Conn,
  activityIds: number[],
  which: 'enabled' | 'all' = 'enabled',
): Promise<TaskRow[]> {
  if (activityIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('activity_tasks').selectAll().where('activity_id', 'in', activityIds);
  if (which === 'enabled') q = q.where('enabled', '=', 1);
  return q.orderBy('activity_id').orderBy('sort').orderBy('id').execute();
}

export async function claimedTaskIds(db: Conn, userId: number, activityId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('activity_claims')
    .select('task_id')
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .execute();
  return new Set(rows.map((r) => Number(r.task_id)));
}

export async function insertClaim(
  db: Conn,
  row: { user_id: number; task_id: number; activity_id: number; reward: number; created_at: number },
): Promise<void> {
  await db.insertInto('activity_claims').values(row).execute();
}

export async function insertActivity(
  db: Conn,
  activity: Insertable<ActivitiesTable>,
  tasks: Array<Omit<Insertable<ActivityTasksTable>, 'activity_id'>>,
): Promise<number> {
  const row = await db.insertInto('activities').values(activity).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (tasks.length > 0) {
    await db
      .insertInto('activity_tasks')
      .values(tasks.map((t, i) => ({ ...t, activity_id: id, sort: t.sort ?? i })))
      .execute();
  }
  return id;
}
