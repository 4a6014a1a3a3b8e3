import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { VipPlansTable } from './tables.ts';

// The console's reads and writes of membership plans, on sale or not (the portal's are in repository.ts).

export async function findAnyPlan(db: Conn, vipType: number) {
  return db.selectFrom('vip_plans').selectAll().where('vip_type', '=', vipType).executeTakeFirst();
}

export async function listAllPlans(
  db: Conn,
  filters: { published?: boolean },
  sort: 'sort' | 'vip_type' | 'price',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('vip_plans');
  if (filters.published !== undefined) query = query.where('is_active', '=', filters.published ? 1 : 0);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('vip_type', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A new plan under the next free number. */
export async function insertPlan(
  db: Conn,
  plan: Omit<Insertable<VipPlansTable>, 'vip_type'>,
): Promise<number> {
  const top = await db
    .selectFrom('vip_plans')
    .select((eb) => eb.fn.max('vip_type').as('top'))
    .executeTakeFirst();
  const vipType = Number(top?.top ?? 0) + 1;
  await db
    .insertInto('vip_plans')
    .values({ ...plan, vip_type: vipType })
    .execute();
  return vipType;
}

export async function updatePlan(db: Conn, vipType: number, changes: Updateable<VipPlansTable>) {
  await db.updateTable('vip_plans').set(changes).where('vip_type', '=', vipType).execute();
}
