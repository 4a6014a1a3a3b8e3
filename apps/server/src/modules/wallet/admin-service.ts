import type { AdminPage } from '@ld/contract/admin/list';
import type {
  Adjustment,
  AdjustmentBody,
  AdminLedgerCsvQuery,
  AdminLedgerEntry,
  AdminLedgerListQuery,
  AdminOrder,
  AdminOrderListQuery,
  AdminStatement,
} from '@ld/contract/admin/money';
import { LEDGER_CSV_MAX_ROWS } from '@ld/contract/admin/money';
import { ledgerText, ORDER_STATUS_TEXT, PAY_PROVIDER_TEXT, type PayProvider } from '@ld/contract/wallet';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { type DayCount, dayText } from '../../db/day-buckets.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { accountNamesOf, findUserIdByLoginName, userExists } from '../accounts/public.ts';
import { type AuditActor, adminOffset, audited, operatorNamesOf } from '../operators/public.ts';
import * as adminRepo from './admin-repository.ts';
import { ledgerCsv } from './ledger-csv.ts';
import * as repo from './repository.ts';
import { applyBalanceChange, lockWallet } from './service.ts';
import type { RechargeOrdersTable, WalletAdjustmentsTable } from './tables.ts';

// 财务 in the operator console (issue 20 §4, decision 0062). Reads go straight to the wallet's
// tables; the one write, a manual adjustment, moves diamonds through applyBalanceChange like every
// other change (reason `admin`), with its audit row in the same transaction.

const ms = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));

/**
 * The user a filter names: a uid (digits) or a login name. Null when it names nobody, so the
 * list comes back empty; undefined when there is no filter.
 */
export async function userOfFilter(db: Conn, user: string | undefined): Promise<number | null | undefined> {
  if (user === undefined) return undefined;
  if (/^\d{1,15}$/.test(user)) return Number(user);
  return findUserIdByLoginName(db, user);
}

const emptyPage = <T>(q: { currentPage: number; pageSize: number }): AdminPage<T> => ({
  records: [],
  total: 0,
  current: q.currentPage,
  size: q.pageSize,
});

const ORDER_SORT = { createTime: 'created_at', amount: 'amount', paidTime: 'paid_at' } as const;

const providerText = (name: string) => PAY_PROVIDER_TEXT[name as PayProvider] ?? name;
const optionalIso = (value: number | string | null) => toIsoOrNull(value === null ? null : Number(value));

function toAdminOrder(row: Selectable<RechargeOrdersTable>, userName: string): AdminOrder {
  return {
    id: Number(row.id),
    orderId: row.order_no,
    uid: String(row.user_id),
    userName,
    packId: Number(row.pack_id),
    amount: Number(row.amount),
    diamonds: Number(row.diamonds),
    status: row.status,
    statusText: ORDER_STATUS_TEXT[row.status],
    provider: row.provider,
    providerName: providerText(row.provider),
    txnId: row.txn_id,
    providerState: row.provider_state,
    providerCheckedTime: optionalIso(row.provider_checked_at),
    channelId: row.channel_id,
    inviteCode: row.invite_code,
    createTime: toIso(Number(row.created_at)),
    expireTime: toIso(Number(row.expires_at)),
    paidTime: optionalIso(row.paid_at),
    creditedTime: optionalIso(row.credited_at),
    closedTime: optionalIso(row.closed_at),
  };
}

/** 充值订单: every recharge order, filtered by user, status, provider, order number and time. */
export async function listOrdersForAdmin(deps: Deps, q: AdminOrderListQuery): Promise<AdminPage<AdminOrder>> {
  const db = deps.db.kysely;
  const offset = adminOffset(q);
  const userId = await userOfFilter(db, q.user);
  if (userId === null) return emptyPage(q);
  const { rows, total } = await adminRepo.listOrders(
    db,
    {
      userId,
      status: q.status,
      provider: q.provider,
      orderNo: q.orderId,
      from: ms(q.from),
      to: ms(q.to),
    },
    ORDER_SORT[q.sort],
    q.order,
    q.pageSize,
    offset,
  );
  const names = await accountNamesOf(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return {
    records: rows.map((r) => toAdminOrder(r, names.get(Number(r.user_id))?.name ?? '')),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

async function requireUser(db: Conn, userId: number): Promise<{ loginName: string; name: string }> {
  const names = await accountNamesOf(db, [userId]);
  const user = names.get(userId);
  if (!user) throw notFound('用户');
  return user;
}

/** A user's statement head (by uid or login name): who, the balance, and the ledger's sum beside it. */
export async function statementOf(deps: Deps, who: string): Promise<AdminStatement> {
  const db = deps.db.kysely;
  const userId = await userOfFilter(db, who);
  if (userId === null || userId === undefined) throw notFound('用户');
  const user = await requireUser(db, userId);
  const [balance, totals] = await Promise.all([
    repo.getBalance(db, userId),
    adminRepo.ledgerTotals(db, userId),
  ]);
  return {
    uid: String(userId),
    loginName: user.loginName,
    name: user.name,
    balance,
    ledgerSum: totals.sum,
    ledgerRows: totals.rows,
  };
}

type LedgerRow = Awaited<ReturnType<typeof adminRepo.listLedger>>['rows'][number];

const toLedgerEntry =
  (names: Map<number, string>) =>
  (r: LedgerRow): AdminLedgerEntry => ({
    id: Number(r.id),
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    reason: r.reason,
    reasonText: ledgerText(r.reason, r.note),
    ref: r.ref,
    operatorId: r.operator_id === null ? null : Number(r.operator_id),
    operatorName: r.operator_id === null ? null : (names.get(Number(r.operator_id)) ?? null),
    createTime: toIso(Number(r.created_at)),
  });

/** The names of the operators behind the adjustments among `rows`. */
const namesOf = (db: Conn, rows: LedgerRow[]) =>
  operatorNamesOf(
    db,
    rows.flatMap((r) => (r.operator_id === null ? [] : [Number(r.operator_id)])),
  );

/** A user's ledger, newest first, each row as the user's statement words it. */
export async function ledgerOf(
  deps: Deps,
  userId: number,
  q: AdminLedgerListQuery,
): Promise<AdminPage<AdminLedgerEntry>> {
  const db = deps.db.kysely;
  const offset = adminOffset(q);
  await requireUser(db, userId);
  const { rows, total } = await adminRepo.listLedger(
    db,
    userId,
    { reason: q.reason, from: ms(q.from), to: ms(q.to) },
    q.order,
    q.pageSize,
    offset,
  );
  return {
    records: rows.map(toLedgerEntry(await namesOf(db, rows))),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

/** The same ledger as a CSV file (newest first, at most LEDGER_CSV_MAX_ROWS rows; the filters apply). */
export async function ledgerCsvOf(deps: Deps, userId: number, q: AdminLedgerCsvQuery): Promise<string> {
  const db = deps.db.kysely;
  await requireUser(db, userId);
  const { rows } = await adminRepo.listLedger(
    db,
    userId,
    { reason: q.reason, from: ms(q.from), to: ms(q.to) },
    'desc',
    LEDGER_CSV_MAX_ROWS,
    0,
  );
  return ledgerCsv(rows.map(toLedgerEntry(await namesOf(db, rows))));
}

const toAdjustment = (row: Selectable<WalletAdjustmentsTable>): Adjustment => ({
  id: Number(row.id),
  uid: String(row.user_id),
  operatorId: row.operator_id === null ? null : Number(row.operator_id),
  delta: Number(row.delta),
  note: row.note,
  balanceAfter: Number(row.balance_after),
  requestKey: row.request_key,
  createTime: toIso(Number(row.created_at)),
});

/** The same request key came again (a double click, a retry after a lost answer). */
class Replayed extends Error {
  constructor(readonly row: Selectable<WalletAdjustmentsTable>) {
    super('adjustment replayed');
  }
}

/** A replay answers the first adjustment; the same key for a different adjustment is refused. */
function replayOf(row: Selectable<WalletAdjustmentsTable>, userId: number, delta: number): Adjustment {
  if (Number(row.user_id) !== userId || Number(row.delta) !== delta) {
    throw badInput('requestKey', '该请求号已用于另一笔调整，请刷新页面后重新提交');
  }
  return toAdjustment(row);
}

/**
 * A manual credit or debit (DESIGN §15): one ledger row of reason `admin` with the note, the
 * adjustment row naming the operator, and the audit row, all in one transaction. Never a direct
 * balance edit: the ledger's conditional update refuses a debit beyond the balance, and the same
 * request key applies once however often it is sent.
 */
export async function adjustBalance(
  deps: Deps,
  actor: AuditActor,
  userId: number,
  body: AdjustmentBody,
): Promise<Adjustment> {
  const db = deps.db.kysely;
  if (!(await userExists(db, userId))) throw notFound('用户');
  const delta = body.direction === 'credit' ? body.amount : -body.amount;
  const earlier = await adminRepo.findAdjustment(db, body.requestKey);
  if (earlier) return replayOf(earlier, userId, delta);
  const now = deps.clock.now();
  try {
    return await audited(deps, actor, async (trx) => {
      await lockWallet(trx, userId);
      // A parallel send of the same key for this user waited on the lock above and sees it now.
      const raced = await adminRepo.findAdjustment(trx, body.requestKey);
      if (raced) throw new Replayed(raced);
      const before = await repo.getBalance(trx, userId);
      const change = await applyBalanceChange(trx, {
        userId,
        delta,
        reason: 'admin',
        ref: body.requestKey,
        note: body.note,
        now,
      });
      if (!change.ok) {
        throw badInput(
          'amount',
          `扣减数额超过当前余额：当前余额 ${change.balance} ${deps.config.currencyName}，最多可扣减 ${change.balance}，余额不能为负`,
        );
      }
      const id = await adminRepo.insertAdjustment(trx, {
        user_id: userId,
        operator_id: actor.operatorId,
        delta,
        note: body.note,
        request_key: body.requestKey,
        balance_after: change.balance,
        created_at: now,
      });
      const row = await adminRepo.findAdjustment(trx, body.requestKey);
      if (!row || Number(row.id) !== id) throw new Error('adjustment vanished inside its own transaction');
      const adjustment = toAdjustment(row);
      return {
        result: adjustment,
        audit: {
          action: delta > 0 ? 'wallet.credit' : 'wallet.debit',
          targetType: 'user',
          targetId: userId,
          before: { uid: String(userId), balance: before },
          after: { uid: String(userId), balance: change.balance, delta, note: body.note, adjustmentId: id },
        },
      };
    });
  } catch (error) {
    if (error instanceof Replayed) return replayOf(error.row, userId, delta);
    // The same key sent at once for another user: both passed their own wallet's lock.
    if (isUniqueViolation(error)) {
      const winner = await adminRepo.findAdjustment(db, body.requestKey);
      if (winner) return replayOf(winner, userId, delta);
    }
    throw error;
  }
}

type CountRow = { day: number; channel_id: string; invite_code: string; n: string; total?: string | null };

const toDayCounts = (rows: CountRow[]): DayCount[] =>
  rows.map((r) => ({
    day: dayText(r.day),
    channelId: r.channel_id,
    inviteCode: r.invite_code,
    count: Number(r.n),
    ...(r.total !== undefined ? { sum: Number(r.total ?? 0) } : {}),
  }));

/** Recharge orders made per Shanghai day, channel and invite code (the channel report). */
export const countOrdersCreated = async (db: Conn, f: adminRepo.CountFilter): Promise<DayCount[]> =>
  toDayCounts(await adminRepo.countOrdersCreated(db, f));

/** Recharge orders paid per Shanghai day of payment, with the fen paid in `sum`. */
export const countOrdersPaid = async (db: Conn, f: adminRepo.CountFilter): Promise<DayCount[]> =>
  toDayCounts(await adminRepo.countOrdersPaid(db, f));
