import type { AdminPage } from '@ld/contract/admin/list';
import type {
  AdminVipPlan,
  AdminVipPlanListQuery,
  CreateVipPlanBody,
  UpdateVipPlanBody,
} from '@ld/contract/admin/vip-plans';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './plans-repository.ts';
import type { VipPlansTable } from './tables.ts';

// 会员套餐 in the console. vip/vipconfig reads the plans on sale at each request (no cache), so a
// save shows at the next one; `vip` is announced for any process that keeps them later. A
// purchase copies the plan's days and price into vip_orders (openVip), so nothing here changes
// one already made (DESIGN §7). Plans are never deleted: purchases name them.

const toAdminPlan = (row: Selectable<VipPlansTable>): AdminVipPlan => ({
  id: row.vip_type,
  name: row.name,
  days: row.days,
  price: row.price,
  originalPrice: row.original_price,
  badge: row.badge,
  description: row.description,
  sort: row.sort,
  published: row.is_active === 1,
});

async function planOf(db: Conn, id: number): Promise<AdminVipPlan> {
  const row = await repo.findAnyPlan(db, id);
  if (!row) throw notFound('会员套餐');
  return toAdminPlan(row);
}

const SORT_COLUMNS = { sort: 'sort', id: 'vip_type', price: 'price' } as const;

export async function listVipPlans(deps: Deps, q: AdminVipPlanListQuery): Promise<AdminPage<AdminVipPlan>> {
  const { rows, total } = await repo.listAllPlans(
    deps.db.kysely,
    { published: consoleRecord.publishedFilter(q.published) },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminPlan), total, q);
}

export const getVipPlan = (deps: Deps, id: number) => planOf(deps.db.kysely, id);

const announce = { announce: ['vip' as const] };

export async function createVipPlan(
  deps: Deps,
  actor: AuditActor,
  body: CreateVipPlanBody,
): Promise<AdminVipPlan> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const id = await repo.insertPlan(trx, {
        name: body.name,
        days: body.days,
        price: body.price,
        original_price: body.originalPrice ?? body.price,
        badge: body.badge,
        description: body.description,
        sort: body.sort,
        is_active: body.published ? 1 : 0,
      });
      const after = await planOf(trx, id);
      return {
        result: after,
        audit: { action: 'vip-plan.create', targetType: 'vip-plan', targetId: id, before: null, after },
      };
    },
    announce,
  );
}

/** Edits any field; `{ published: true|false }` alone puts the plan on sale or takes it off. */
export async function updateVipPlan(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateVipPlanBody,
): Promise<AdminVipPlan> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'vip-plan', id },
    body,
    {
      read: (trx) => planOf(trx, id),
      write: async (trx, before) => {
        const price = body.price ?? before.price;
        const originalPrice = body.originalPrice ?? before.originalPrice;
        // One of the two changed alone: the pair must still read as a discount (or none).
        if (originalPrice < price) throw badInput('originalPrice', '原价不能低于现价');
        await repo.updatePlan(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.days !== undefined ? { days: body.days } : {}),
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.originalPrice !== undefined ? { original_price: body.originalPrice } : {}),
          ...(body.badge !== undefined ? { badge: body.badge } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
        });
      },
    },
    announce,
  );
}
