import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function userExists(db: Q, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertFollow(
  db: Q,
  followerId: number,
  followeeId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .execute();
}

export async function deleteFollow(db: Q, followerId: number, followeeId: number): Promise<void> {
  await db
    .deleteFrom('user_follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
}

/** Which of `userIds` the follower follows. */
export async function followedIds(db: Q, followerId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.followee_id));
}
