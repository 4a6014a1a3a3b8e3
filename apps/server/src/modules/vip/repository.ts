import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VipPlansTable } from './tables.ts';

type Db = Kysely<Database>;

export async function listPlans(db: Db) {
  return db.selectFrom('vip_plans').selectAll().orderBy('sort').orderBy('vip_type').execute();
}

export async function findPlan(db: Db, vipType: number) {
  return db.selectFrom('vip_plans').selectAll().where('vip_type', '=', vipType).executeTakeFirst();
}

export async function getMembership(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['coin_num', 'level_type', 'exp_time'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Records a plan bought; answers its id, or null when this request id was already paid. */
export async function insertVipOrder(
  db: Db,
  row: {
    user_id: number;
    vip_type: number;
    days: number;
    price: number;
    request_id: string;
    created_at: number;
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
  db: Db,
  userId: number,
  membership: { levelType: number; expTime: number; now: number },
  vipOrderId: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ level_type: membership.levelType, exp_time: membership.expTime, updated_at: membership.now })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('vip_orders')
    .set({ exp_time_after: membership.expTime })
    .where('id', '=', vipOrderId)
    .execute();
}

export async function upsertPlan(
  db: Db,
  plan: Omit<VipPlansTable, 'description' | 'sort'> & { description: string; sort: number },
) {
  await db
    .insertInto('vip_plans')
    .values(plan)
    .onConflict((oc) => oc.column('vip_type').doUpdateSet(plan))
    .execute();
}
