import { ORDER_TTL_MS } from '@ld/contract/wallet';
import type { Selectable } from 'kysely';
import type { Deps } from '../../platform/deps.ts';
import { type PaymentProvider, PaymentProviderError } from '../../platform/payment/provider.ts';
import * as repo from './repository.ts';
import { settlePayment } from './settlement.ts';
import type { RechargeOrdersTable } from './tables.ts';

/** An unpaid order is first asked about this long after checkout (a notify usually comes in seconds). */
export const QUERY_AFTER_MS = 2 * 60_000;
/** …and again every this long while it stays unpaid. */
export const RECHECK_MS = 5 * 60_000;
/** After its time, an order closes once this much more has passed, so a clock a little ahead of the provider's never closes early. */
export const CLOSE_GRACE_MS = 60_000;
/** A return from the checkout asks at most this often about one order. */
const RETURN_RECHECK_MS = 10_000;
const BATCH = 50;

type OrderRow = Selectable<RechargeOrdersTable>;
export type ReconcileResult = 'credited' | 'already-settled' | 'unpaid' | 'closed' | 'refused' | 'failed';

/**
 * Asks the provider about one unpaid order: a payment it reports is settled like a notify (the
 * lost notify loses nothing); an order past its time that it reports unpaid is closed there first
 * and then here, so it can never be paid after we stopped waiting for it.
 */
export async function reconcileOrder(
  deps: Deps,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<ReconcileResult> {
  const orderNo = order.order_no;
  const now = deps.clock.now();
  try {
    const state = await provider.queryOrder(orderNo);
    await repo.recordProviderState(deps.db.kysely, orderNo, state.detail, now);
    if (state.state === 'paid') {
      const outcome = await settlePayment(deps, provider, state.payment);
      if (!outcome.ok) {
        deps.log.error(
          { orderId: orderNo, provider: provider.name, reason: outcome.reason },
          'provider reports a payment the order refuses',
        );
        return 'refused';
      }
      return outcome.credited ? 'credited' : 'already-settled';
    }
    if (Number(order.expires_at) + CLOSE_GRACE_MS > now) return 'unpaid';
    // `missing` (never opened) and `closed` need nothing at the provider: past the order's time
    // it takes no payment for it.
    if (state.state === 'unpaid') await provider.closeOrder(orderNo);
    await repo.moveOrder(deps.db.kysely, orderNo, 'created', 'closed', { closed_at: now });
    return 'closed';
  } catch (error) {
    const code = error instanceof PaymentProviderError ? error.code : 'exception';
    await repo.recordProviderState(deps.db.kysely, orderNo, `error: ${code}`, now);
    deps.log.warn(
      { orderId: orderNo, provider: provider.name, code, err: error },
      'payment provider query failed; the order is asked again next round',
    );
    return 'failed';
  }
}

/**
 * The lost-notify job: every unpaid order of a remote provider a few minutes old is asked about,
 * in bounded batches, oldest first. Runs in one process at a time (the job registry's lease) and
 * is safe to repeat: settling and closing are conditional moves of the order's state.
 */
export async function reconcileOrders(deps: Deps): Promise<Record<ReconcileResult, number>> {
  const counts: Record<ReconcileResult, number> = {
    credited: 0,
    'already-settled': 0,
    unpaid: 0,
    closed: 0,
    refused: 0,
    failed: 0,
  };
  const remote = deps.payments.list.filter((p) => p.remote);
  if (remote.length === 0) return counts;
  const orders = await repo.listOrdersToReconcile(deps.db.kysely, {
    providers: remote.map((p) => p.name),
    now: deps.clock.now(),
    quietMs: QUERY_AFTER_MS,
    recheckMs: RECHECK_MS,
    ttlMs: ORDER_TTL_MS,
    limit: BATCH,
  });
  for (const order of orders) {
    const provider = deps.payments.get(order.provider);
    if (provider) counts[await reconcileOrder(deps, provider, order)] += 1;
  }
  return counts;
}

/**
 * The buyer is back from the checkout: if the notify has not come, ask the provider now rather
 * than at the next round, so the result page usually shows the credit at once.
 */
export async function checkOnReturn(deps: Deps, orderNo: string): Promise<void> {
  const order = await repo.findOrder(deps.db.kysely, orderNo);
  if (order?.status !== 'created') return;
  const provider = deps.payments.get(order.provider);
  if (!provider?.remote) return;
  const checkedAt = order.provider_checked_at === null ? null : Number(order.provider_checked_at);
  if (checkedAt !== null && checkedAt > deps.clock.now() - RETURN_RECHECK_MS) return;
  await reconcileOrder(deps, provider, order);
}
