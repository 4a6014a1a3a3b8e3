import type { AdminPage } from '@ld/contract/admin/list';
import type {
  AdminRechargePack,
  AdminRechargePackListQuery,
  CreateRechargePackBody,
  UpdateRechargePackBody,
} from '@ld/contract/admin/recharge-packs';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './packs-repository.ts';
import type { RechargePacksTable } from './tables.ts';

// 充值档位 in the console. The recharge page reads the packs on sale at each request (no cache), so
// a save shows at the next one; `wallet` is announced for any process that keeps them later.
// An order copies the pack's price and diamonds when it is made (createOrder), so nothing here
// changes an order already made (DESIGN §7). Packs are never deleted: orders point at them.

const toAdminPack = (row: Selectable<RechargePacksTable>): AdminRechargePack => ({
  id: Number(row.id),
  price: row.price,
  diamonds: row.diamonds,
  bonus: row.bonus,
  tag: row.tag,
  sort: row.sort,
  published: row.is_active === 1,
});

async function packOf(db: Conn, id: number): Promise<AdminRechargePack> {
  const row = await repo.findAnyPack(db, id);
  if (!row) throw notFound('充值档位');
  return toAdminPack(row);
}

const SORT_COLUMNS = { sort: 'sort', id: 'id', price: 'price' } as const;

export async function listRechargePacks(
  deps: Deps,
  q: AdminRechargePackListQuery,
): Promise<AdminPage<AdminRechargePack>> {
  const { rows, total } = await repo.listAllPacks(
    deps.db.kysely,
    { published: consoleRecord.publishedFilter(q.published) },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminPack), total, q);
}

export const getRechargePack = (deps: Deps, id: number) => packOf(deps.db.kysely, id);

const announce = { announce: ['wallet' as const] };

export async function createRechargePack(
  deps: Deps,
  actor: AuditActor,
  body: CreateRechargePackBody,
): Promise<AdminRechargePack> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const id = await repo.insertPack(trx, {
        price: body.price,
        diamonds: body.diamonds,
        bonus: body.bonus,
        tag: body.tag,
        sort: body.sort,
        is_active: body.published ? 1 : 0,
      });
      const after = await packOf(trx, id);
      return {
        result: after,
        audit: {
          action: 'recharge-pack.create',
          targetType: 'recharge-pack',
          targetId: id,
          before: null,
          after,
        },
      };
    },
    announce,
  );
}

/** Edits any field; `{ published: true|false }` alone puts the pack on sale or takes it off. */
export async function updateRechargePack(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateRechargePackBody,
): Promise<AdminRechargePack> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'recharge-pack', id },
    body,
    {
      read: (trx) => packOf(trx, id),
      write: (trx) =>
        repo.updatePack(trx, id, {
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.diamonds !== undefined ? { diamonds: body.diamonds } : {}),
          ...(body.bonus !== undefined ? { bonus: body.bonus } : {}),
          ...(body.tag !== undefined ? { tag: body.tag } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
        }),
    },
    announce,
  );
}
