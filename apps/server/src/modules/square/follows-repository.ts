import type { Conn } from '../../db/database.ts';

export async function insertFollow(
  db: Conn,
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

export async function deleteFollow(db: Conn, followerId: number, followeeId: number): Promise<void> {
  await db
    .deleteFrom('user_follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
}

/** Which of `userIds` the follower follows. */
export async function followedIds(db: Conn, followerId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.followee_id));
}
