import type { OrderStatus } from '@ld/contract/wallet-values';

/** How long the result view polls before it says the result is not in yet (the brief: about 30 s). */
export const ORDER_POLL_LIMIT_MS = 30_000;

export type OrderResult = 'pending' | 'success' | 'closed' | 'timeout';

/** What the recharge result view shows for an order seen `elapsedMs` after it started polling. */
export function orderResult(status: OrderStatus | undefined, elapsedMs: number): OrderResult {
  if (status === 'credited') return 'success';
  if (status === 'closed') return 'closed';
  return elapsedMs >= ORDER_POLL_LIMIT_MS ? 'timeout' : 'pending';
}
