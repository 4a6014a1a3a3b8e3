import type { Deps } from '../../platform/deps.ts';
import type { NotifyRequest, PaymentNotify, PaymentProvider } from '../../platform/payment/provider.ts';
import * as repo from './repository.ts';
import { applyBalanceChange, readOrder } from './service.ts';

export type NotifyOutcome =
  | {
      ok: true;
      credited: boolean;
      /** The payment came for an order already closed here: credited, and worth an operator's look. */
      late?: boolean;
    }
  | { ok: false; reason: string };

/**
 * A payment the provider vouched for (by notify or by query) meets the order: it must exist,
 * belong to this provider and match its amount; then created → paid → credited moves under the
 * row lock of one conditional UPDATE, and the credit is a ledger row keyed `recharge:<order>`.
 * So any number of notifies and queries, in any order, from any process, credit once, and every
 * one after the first answers success without crediting (DESIGN §7).
 *
 * A remote provider's payment is credited even past the order's time and even when the order was
 * closed here: the money was taken, and those orders close only on the provider's word that they
 * can no longer be paid (reconcile.ts), so this happens only if that word was wrong. The sandbox
 * keeps its rule: an order past its time cannot be paid.
 */
export async function settlePayment(
  deps: Deps,
  provider: PaymentProvider,
  payment: PaymentNotify,
): Promise<NotifyOutcome> {
  const order = provider.remote
    ? await repo.findOrder(deps.db.kysely, payment.orderId)
    : await readOrder(deps, payment.orderId);
  if (!order) return { ok: false, reason: 'unknown order' };
  if (order.provider !== provider.name) return { ok: false, reason: 'order belongs to another provider' };
  if (order.amount !== payment.amount) return { ok: false, reason: 'amount differs from the order' };
  if (order.status === 'paid' || order.status === 'credited') return { ok: true, credited: false };
  if (order.status === 'closed' && !provider.remote) return { ok: false, reason: 'order is closed' };

  const now = deps.clock.now();
  const outcome = await deps.db.kysely.transaction().execute(async (trx): Promise<NotifyOutcome> => {
    const won = await repo.moveOrder(
      trx,
      order.order_no,
      provider.remote ? ['created', 'closed'] : 'created',
      'paid',
      { txn_id: payment.txnId, paid_at: now },
      provider.remote ? undefined : now,
    );
    if (!won) {
      // Another notify or query got there first, or the order closed meanwhile: read what it is now.
      const current = await repo.findOrder(trx, order.order_no);
      return current?.status === 'paid' || current?.status === 'credited'
        ? { ok: true, credited: false }
        : { ok: false, reason: 'order is closed' };
    }
    const credit = await applyBalanceChange(trx, {
      userId: Number(order.user_id),
      delta: order.diamonds,
      reason: 'recharge',
      ref: order.order_no,
      note: `${order.diamonds}${deps.config.currencyName}`,
      now,
    });
    if (!credit.ok) throw new Error('a credit cannot be refused');
    await repo.moveOrder(trx, order.order_no, 'paid', 'credited', { credited_at: now });
    if (credit.applied) {
      await deps.events.emit(trx, {
        type: 'wallet.rechargeCredited',
        userId: Number(order.user_id),
        orderId: order.order_no,
        diamonds: order.diamonds,
      });
    }
    return { ok: true, credited: credit.applied, late: order.status === 'closed' };
  });
  if (outcome.ok && outcome.late) {
    deps.log.warn(
      { orderId: order.order_no, provider: provider.name, txnId: payment.txnId },
      'payment arrived for an order closed here; credited',
    );
  }
  return outcome;
}

/**
 * A provider's notify: the provider checks what it vouches for (signature, age, its ids), then
 * the payment is settled. A genuine notify that is no payment (a trade closed, a refund) is
 * acknowledged for a known order of this provider and credits nothing.
 */
export async function handleNotify(
  deps: Deps,
  provider: PaymentProvider,
  request: NotifyRequest,
): Promise<NotifyOutcome> {
  const check = await provider.verifyNotify(request);
  if (!check.ok) return check;
  if (check.kind === 'paid') return settlePayment(deps, provider, check.notify);
  const order = await repo.findOrder(deps.db.kysely, check.orderId);
  if (!order || order.provider !== provider.name) return { ok: false, reason: 'unknown order' };
  await repo.recordProviderState(deps.db.kysely, order.order_no, check.detail, deps.clock.now());
  return { ok: true, credited: false };
}
