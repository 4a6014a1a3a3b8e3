import type { Conn } from '../../db/database.ts';
import { shanghaiDayOf } from '../../db/day-buckets.ts';

// The operator console's SQL on membership orders (decision 0062).

export interface VipOrderFilter {
  userId?: number | undefined;
  vipType?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Conn, f: VipOrderFilter) {
  let q = db.selectFrom('vip_orders');
  if (f.userId !== undefined) q = q.where('vip_orders.user_id', '=', f.userId);
  if (f.vipType !== undefined) q = q.where('vip_orders.vip_type', '=', f.vipType);
  if (f.from !== undefined) q = q.where('vip_orders.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('vip_orders.created_at', '<=', f.to);
  return q;
}

export async function listVipOrders(
  db: Conn,
  f: VipOrderFilter,
  sort: 'created_at' | 'price',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .leftJoin('vip_plans as p', 'p.vip_type', 'vip_orders.vip_type')
      .selectAll('vip_orders')
      .select('p.name as plan_name')
      .orderBy(`vip_orders.${sort}`, order)
      .orderBy('vip_orders.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Membership orders per Shanghai day, channel and invite code in [from, to). */
export async function countVipOpens(
  db: Conn,
  f: { from: number; to: number; channelId?: string | undefined; inviteCode?: string | undefined },
) {
  const day = shanghaiDayOf('created_at');
  return db
    .selectFrom('vip_orders')
    .select((eb) => [day.as('day'), 'channel_id', 'invite_code', eb.fn.countAll<string>().as('n')])
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}
