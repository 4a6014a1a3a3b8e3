import type { Conn } from '../../db/database.ts';

// Comment threads (段评 and later an episode's comments): one row per (scope, slot).

export function findThread(db: Conn, scope: string, slot: number) {
  return db
    .selectFrom('comment_threads')
    .select(['id', 'scope', 'slot', 'top_comment_count'])
    .where('scope', '=', scope)
    .where('slot', '=', slot)
    .executeTakeFirst();
}

export function findThreadById(db: Conn, id: number) {
  return db
    .selectFrom('comment_threads')
    .select(['id', 'scope', 'slot'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The thread's id, created with its first comment (a concurrent first comment shares it). */
export async function openThread(db: Conn, scope: string, slot: number, now: number): Promise<number> {
  await db
    .insertInto('comment_threads')
    .values({ scope, slot, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'slot']).doNothing())
    .execute();
  return Number((await findThread(db, scope, slot))!.id);
}

export async function bumpThreadCounters(
  db: Conn,
  id: number,
  delta: { comment_count: number; top_comment_count: number },
): Promise<void> {
  await db
    .updateTable('comment_threads')
    .set((eb) => ({
      comment_count: eb('comment_count', '+', delta.comment_count),
      top_comment_count: eb('top_comment_count', '+', delta.top_comment_count),
    }))
    .where('id', '=', id)
    .execute();
}

/** Live comment counts (replies included) of every thread of a scope that has any, by slot. */
export async function countsOfScope(db: Conn, scope: string) {
  return db
    .selectFrom('comment_threads')
    .select(['slot', 'comment_count'])
    .where('scope', '=', scope)
    .where('comment_count', '>', 0)
    .execute();
}
