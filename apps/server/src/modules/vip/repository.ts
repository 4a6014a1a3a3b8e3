import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { VipPlansTable } from './tables.ts';

/** The plans on sale, in the page's order. */
export async function listPlans(db: Conn) {
  return db
    .selectFrom('vip_plans')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('vip_type')
    .execute();
}

/** A plan on sale. */
export async function findPlan(db: Conn, vipType: number) {
  return db
    .selectFrom('vip_plans')
    .selectAll()
    .where('vip_type', '=', vipType)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/**
 * The membership's level and end as two scalar subqueries (`level_type`, `exp_time`: null for
 * someone who never was a member), for another module's statement (a paid purchase's lock; `userId`
 * a value, or a column of a batch's lock).
 */
export const membershipColumns = (userId: number | RawBuilder<unknown>) =>
  sql`(select level_type from memberships where user_id = ${userId}) as level_type,
    (select exp_time from memberships where user_id = ${userId}) as exp_time`;

/** The membership row; undefined for someone who never was a member. */
export async function findMembership(db: Conn, userId: number) {
  return db
    .selectFrom('memberships')
    .select(['level_type', 'exp_time'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Records a plan bought; answers its id, or null when this request id was already paid. */
export async function insertVipOrder(
  db: Conn,
  row: {
    user_id: number;
    vip_type: number;
    days: number;
    price: number;
    request_id: string;
    created_at: number;
    channel_id: string;
    invite_code: string;
  },
): Promise<number | null> {
  const inserted = await db
    .insertInto('vip_orders')
    .values({ ...row, exp_time_after: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? inserted.id : null;
}

export async function setMembership(
  db: Conn,
  userId: number,
  membership: { levelType: number; expTime: number | null; now: number },
): Promise<void> {
  const values = {
    level_type: membership.levelType,
    exp_time: membership.expTime,
    updated_at: membership.now,
  };
  await db
    .insertInto('memberships')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function setOrderExpTime(db: Conn, vipOrderId: number, expTime: number): Promise<void> {
  await db.updateTable('vip_orders').set({ exp_time_after: expTime }).where('id', '=', vipOrderId).execute();
}

export async function upsertPlan(
  db: Conn,
  plan: Omit<VipPlansTable, 'description' | 'sort' | 'is_active'> & { description: string; sort: number },
) {
  await db
    .insertInto('vip_plans')
    .values(plan)
    .onConflict((oc) => oc.column('vip_type').doUpdateSet(plan))
    .execute();
}
