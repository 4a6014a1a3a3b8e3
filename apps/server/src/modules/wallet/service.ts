import { randomInt } from 'node:crypto';
import { type CursorPage, ErrorCode, type PageQuery } from '@ld/contract/envelope';
import {
  type LedgerEntry,
  type LedgerReason,
  ledgerText,
  ORDER_STATUS_TEXT,
  ORDER_TTL_MS,
  type Order,
  PAY_PROVIDER_TEXT,
  type PayInfo,
  type PayMethod,
  type PayProvider,
  type RechargePack,
} from '@ld/contract/wallet';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import type { PaymentProvider, PaymentProviders } from '../../platform/payment/provider.ts';
import { attributionOf } from '../devices/public.ts';
import * as repo from './repository.ts';
import type { CoinLedgerTable, RechargeOrdersTable, RechargePacksTable } from './tables.ts';

export interface BalanceChange {
  userId: number;
  /** Diamonds; negative to spend. */
  delta: number;
  reason: LedgerReason;
  /** What the change is for (an order, a purchase row); with the reason it forms the idempotency key. */
  ref: string;
  /** Shown after the reason in the ledger, e.g. the game's name. */
  note?: string;
  now: number;
}

export type BalanceResult = { ok: true; balance: number; applied: boolean } | { ok: false; balance: number };

export { debitAfter, debitEachAfter, lockWalletReading, lockWalletsReading } from './repository.ts';

/**
 * Starts a balance-changing transaction by locking the user's wallet (PostgreSQL; SQLite runs one
 * transaction at a time). Call it first: what the transaction reads about the user's money after
 * it (ownership, today's spend, membership) cannot change until it commits, so checks made on it hold.
 */
export async function lockWallet(trx: Conn, userId: number): Promise<void> {
  await repo.lockWallet(trx, userId);
}

/**
 * The one way a balance changes (DESIGN §7). Runs inside the caller's transaction: a conditional
 * update that never lets the balance go below zero, then the ledger row with the balance after.
 * The same reason and ref twice apply once; the second call answers the first result.
 */
export async function applyBalanceChange(trx: Conn, change: BalanceChange): Promise<BalanceResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new Error(`a balance change must be a non-zero integer, got ${change.delta}`);
  }
  const idemKey = `${change.reason}:${change.ref}`;
  await repo.lockWallet(trx, change.userId);
  // The key's check, the balance and the ledger row in as few statements as the database allows;
  // only when nothing was done do we ask why.
  const balance = await repo.changeBalance(trx, {
    user_id: change.userId,
    delta: change.delta,
    reason: change.reason,
    ref: change.ref,
    note: change.note ?? '',
    idem_key: idemKey,
    created_at: change.now,
  });
  if (balance === null) {
    const earlier = await repo.findLedgerByIdemKey(trx, idemKey);
    if (earlier) return { ok: true, balance: Number(earlier.balance_after), applied: false };
    return { ok: false, balance: await repo.getBalance(trx, change.userId) };
  }
  return { ok: true, balance, applied: true };
}

/** Code 1001 with the balance and the price, so the client can open its low-balance dialog. */
export function balanceInsufficient(config: Config, coinNum: number, price: number): AppError {
  return new AppError(
    ErrorCode.balanceInsufficient,
    `当前${config.currencyName}余额不足，请先充值后再继续`,
    200,
    { coinNum, price },
  );
}

export interface Grant {
  userId: number;
  /** Diamonds, positive. */
  amount: number;
  reason: LedgerReason;
  /** With the reason, the idempotency key: the same grant twice credits once. */
  ref: string;
  note?: string;
}

/**
 * Credits diamonds outside any purchase (rewards, check-in, seed gifts); idempotent per reason
 * and ref. Inside `trx` when given (so the credit commits with its cause), else in its own
 * transaction. Answers the balance after and whether this call credited.
 */
export async function grantDiamonds(
  deps: Pick<Deps, 'db' | 'clock'>,
  grant: Grant,
  trx?: Conn,
): Promise<{ balance: number; applied: boolean }> {
  if (!Number.isSafeInteger(grant.amount) || grant.amount <= 0) {
    throw new Error(`a grant must be a positive integer, got ${grant.amount}`);
  }
  const run = async (conn: Conn) => {
    const result = await applyBalanceChange(conn, {
      userId: grant.userId,
      delta: grant.amount,
      reason: grant.reason,
      ref: grant.ref,
      note: grant.note,
      now: deps.clock.now(),
    });
    if (!result.ok) throw new Error('a credit cannot be refused');
    return { balance: result.balance, applied: result.applied };
  };
  return trx ? run(trx) : deps.db.kysely.transaction().execute(run);
}

/** The user's diamonds now (0 for a user who never had any). */
export async function balanceOf(db: Conn, userId: number): Promise<number> {
  return repo.getBalance(db, userId);
}

const toLedgerEntry = (row: Selectable<CoinLedgerTable>): LedgerEntry => ({
  id: row.id,
  delta: Number(row.delta),
  balanceAfter: Number(row.balance_after),
  reason: row.reason,
  reasonText: ledgerText(row.reason, row.note),
  ref: row.ref,
  createTime: toIso(Number(row.created_at)),
});

const byId = (row: { id: number }) => ({ value: row.id, id: row.id });

export async function listLedger(
  deps: Deps,
  userId: number,
  page: PageQuery,
): Promise<CursorPage<LedgerEntry>> {
  const [rows, total] = await Promise.all([
    repo.listLedger(deps.db.kysely, userId, windowOf(page, 'ledger')),
    repo.countLedger(deps.db.kysely, userId),
  ]);
  return cursorPage(rows, total, page, 'ledger', byId, (kept) => kept.map(toLedgerEntry));
}

const toPack = (row: Selectable<RechargePacksTable>): RechargePack => ({
  id: row.id,
  price: row.price,
  diamonds: row.diamonds,
  bonus: row.bonus,
  tag: row.tag,
});

export async function listPacks(deps: Deps): Promise<RechargePack[]> {
  return (await repo.listActivePacks(deps.db.kysely)).map(toPack);
}

const providerText = (name: string): string => PAY_PROVIDER_TEXT[name as PayProvider] ?? name;

/**
 * An order still `created` past its time belongs to a provider that must confirm it first
 * (reconcile.ts): the statement says it is being confirmed rather than waiting for payment.
 */
const statusTextOf = (row: Selectable<RechargeOrdersTable>, now: number): string =>
  row.status === 'created' && Number(row.expires_at) <= now
    ? '支付结果确认中'
    : ORDER_STATUS_TEXT[row.status];

const toOrder = (row: Selectable<RechargeOrdersTable>, now: number): Order => ({
  orderId: row.order_no,
  packId: Number(row.pack_id),
  provider: row.provider,
  providerName: providerText(row.provider),
  amount: row.amount,
  diamonds: row.diamonds,
  status: row.status,
  statusText: statusTextOf(row, now),
  createTime: toIso(Number(row.created_at)),
  paidTime: toIsoOrNull(row.paid_at === null ? null : Number(row.paid_at)),
  expireTime: toIso(Number(row.expires_at)),
});

/** An order number that sorts by time and cannot be guessed: Shanghai time to the second plus 6 random digits. */
function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Inserts an order under a fresh number; two orders drawing the same number in one second retry. */
async function insertNewOrder(
  deps: Deps,
  now: number,
  row: (orderNo: string) => Parameters<typeof repo.insertOrder>[1],
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const orderNo = newOrderNo(now);
    try {
      await repo.insertOrder(deps.db.kysely, row(orderNo));
      return orderNo;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The ways to pay the recharge page offers, in the configured order. */
export function listPayMethods(deps: Deps): PayMethod[] {
  return deps.payments.list.map((p) => ({ provider: p.name, name: providerText(p.name) }));
}

/** The providers whose orders close only on their word (see repo.closeExpiredOrders). */
export const remoteProviders = (payments: PaymentProviders): string[] =>
  payments.list.filter((p) => p.remote).map((p) => p.name);

function chooseProvider(deps: Deps, name: PayProvider | undefined): PaymentProvider {
  const provider = name ? deps.payments.get(name) : deps.payments.list[0];
  if (!provider) throw badInput('provider', '未开通该支付方式，请选择充值页列出的支付方式');
  return provider;
}

export async function createOrder(
  deps: Deps,
  request: { userId: number; packId: number; provider?: PayProvider; clientIp: string },
): Promise<PayInfo> {
  const provider = chooseProvider(deps, request.provider);
  const pack = await repo.findActivePack(deps.db.kysely, request.packId);
  if (!pack) throw notFound('充值档位');
  const now = deps.clock.now();
  const diamonds = pack.diamonds + pack.bonus;
  const expiresAt = now + ORDER_TTL_MS;
  const attribution = await attributionOf(deps.db.kysely, request.userId);
  const orderNo = await insertNewOrder(deps, now, (order_no) => ({
    order_no,
    user_id: request.userId,
    pack_id: pack.id,
    amount: pack.price,
    diamonds,
    status: 'created',
    provider: provider.name,
    txn_id: null,
    created_at: now,
    expires_at: expiresAt,
    paid_at: null,
    credited_at: null,
    closed_at: null,
    provider_state: null,
    provider_checked_at: null,
    channel_id: attribution.channelId,
    invite_code: attribution.inviteCode,
  }));
  // A provider that cannot start the payment leaves an order nobody can pay; it closes at its
  // time like any unpaid order, and the user is told to try again.
  let payUrl: string;
  try {
    payUrl = await provider.createCheckout({
      orderId: orderNo,
      amount: pack.price,
      subject: `${diamonds}${deps.config.currencyName}`,
      expiresAt,
      clientIp: request.clientIp,
    });
  } catch (error) {
    await repo.recordProviderState(
      deps.db.kysely,
      orderNo,
      `checkout failed: ${(error as Error).message}`,
      now,
    );
    throw new CheckoutFailed(provider.name, (error as Error).message);
  }
  return { orderId: orderNo, provider: provider.name, amount: pack.price, diamonds, payUrl };
}

/** The provider could not start a payment; the route logs it and tells the user to try again. */
export class CheckoutFailed extends AppError {
  constructor(
    readonly provider: string,
    /** The provider's error, for the log line; the user sees only the message. */
    readonly detail: string,
  ) {
    super(ErrorCode.rule, `${providerText(provider)}暂时无法发起支付，请稍后再试或换一种支付方式`);
  }
}

export async function listOrders(deps: Deps, userId: number, page: PageQuery): Promise<CursorPage<Order>> {
  const window = windowOf(page, 'orders');
  await repo.closeExpiredOrders(deps.db.kysely, deps.clock.now(), {
    userId,
    remoteProviders: remoteProviders(deps.payments),
  });
  const [rows, total] = await Promise.all([
    repo.listOrders(deps.db.kysely, userId, window),
    repo.countOrders(deps.db.kysely, userId),
  ]);
  const now = deps.clock.now();
  return cursorPage(rows, total, page, 'orders', byId, (kept) => kept.map((row) => toOrder(row, now)));
}

/** One order of the caller; someone else's order is answered as unknown. */
export async function getOwnOrder(deps: Deps, userId: number, orderNo: string): Promise<Order> {
  const order = await readOrder(deps, orderNo);
  if (!order || Number(order.user_id) !== userId) throw notFound('订单');
  return toOrder(order, deps.clock.now());
}

/** Reads an order, closing it first if its time is up (unless its provider must say so first). */
export async function readOrder(deps: Deps, orderNo: string) {
  const order = await repo.findOrder(deps.db.kysely, orderNo);
  if (order?.status === 'created' && Number(order.expires_at) <= deps.clock.now()) {
    await repo.closeExpiredOrders(deps.db.kysely, deps.clock.now(), {
      userId: Number(order.user_id),
      remoteProviders: remoteProviders(deps.payments),
    });
    return repo.findOrder(deps.db.kysely, orderNo);
  }
  return order;
}

/** What the provider's checkout page shows. */
export async function getCheckout(deps: Deps, orderNo: string) {
  const order = await readOrder(deps, orderNo);
  if (!order) throw notFound('订单');
  return {
    order: toOrder(order, deps.clock.now()),
    merchant: deps.config.appTitle,
    subject: `${order.diamonds}${deps.config.currencyName}`,
  };
}

/** Closes every unpaid order whose time is up (but those a provider must close); run by the wallet's sweep. */
export async function sweepExpiredOrders(deps: Deps): Promise<number> {
  return repo.closeExpiredOrders(deps.db.kysely, deps.clock.now(), {
    remoteProviders: remoteProviders(deps.payments),
  });
}

/**
 * How many ledger rows of `reason` the user got in [from, to): recharges credited, invites paid
 * (reason `invite`, written by the invites module) and so on, for activity tasks. The reason is
 * text so a module can count a reason another module adds.
 */
export async function countLedgerRows(
  db: Conn,
  userId: number,
  reason: string,
  from: number,
  to: number,
): Promise<number> {
  return repo.countLedgerRows(db, userId, reason, from, to);
}
