import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminVipOrder, AdminVipOrderListQuery } from '@ld/contract/admin/money';
import type { Conn } from '../../db/database.ts';
import { type DayCount, dayText } from '../../db/day-buckets.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { accountNamesOf, findUserIdByLoginName } from '../accounts/public.ts';
import { adminOffset } from '../operators/public.ts';
import * as adminRepo from './admin-repository.ts';

// 会员订单 in the operator console (decision 0062): membership bought with diamonds, so every row
// is a completed order whose payment is the ledger row `vip:<id>`.

const SORT = { createTime: 'created_at', price: 'price' } as const;

export async function listVipOrdersForAdmin(
  deps: Deps,
  q: AdminVipOrderListQuery,
): Promise<AdminPage<AdminVipOrder>> {
  const db = deps.db.kysely;
  const offset = adminOffset(q);
  let userId: number | undefined;
  if (q.user !== undefined) {
    const found = /^\d{1,15}$/.test(q.user) ? Number(q.user) : await findUserIdByLoginName(db, q.user);
    if (found === null) return { records: [], total: 0, current: q.currentPage, size: q.pageSize };
    userId = found;
  }
  const { rows, total } = await adminRepo.listVipOrders(
    db,
    {
      userId,
      vipType: q.vipType,
      from: q.from === undefined ? undefined : Date.parse(q.from),
      to: q.to === undefined ? undefined : Date.parse(q.to),
    },
    SORT[q.sort],
    q.order,
    q.pageSize,
    offset,
  );
  const names = await accountNamesOf(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return {
    records: rows.map((r) => ({
      id: Number(r.id),
      uid: String(r.user_id),
      userName: names.get(Number(r.user_id))?.name ?? '',
      vipType: Number(r.vip_type),
      planName: r.plan_name ?? '',
      days: Number(r.days),
      price: Number(r.price),
      expTimeAfter: Number(r.exp_time_after) > 0 ? toIso(Number(r.exp_time_after)) : null,
      channelId: r.channel_id,
      inviteCode: r.invite_code,
      createTime: toIso(Number(r.created_at)),
    })),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

/** Membership orders per Shanghai day, channel and invite code (the channel report). */
export async function countVipOpens(
  db: Conn,
  f: Parameters<typeof adminRepo.countVipOpens>[1],
): Promise<DayCount[]> {
  return (await adminRepo.countVipOpens(db, f)).map((r) => ({
    day: dayText(r.day),
    channelId: r.channel_id,
    inviteCode: r.invite_code,
    count: Number(r.n),
  }));
}
