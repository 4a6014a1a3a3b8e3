/** What a provider needs to start paying an order. */
export interface CheckoutOrder {
  orderId: string;
  /** CNY in fen. */
  amount: number;
  /** What the buyer sees, e.g. 300蓝钻 + 30赠送. */
  subject: string;
}

/** A payment notification the provider vouched for. */
export interface PaymentNotify {
  orderId: string;
  /** CNY in fen, as the provider charged it. */
  amount: number;
  txnId: string;
  /** Epoch ms. */
  paidAt: number;
}

export type NotifyCheck = { ok: true; notify: PaymentNotify } | { ok: false; reason: string };

/**
 * A payment provider (DESIGN §7): the sandbox by default; real ones plug in behind this.
 * `verifyNotify` judges only what the provider vouches for (signature, age, shape); the order's
 * existence, amount and state are judged by the wallet under a lock.
 */
export interface PaymentProvider {
  readonly name: string;
  createCheckout(order: CheckoutOrder): Promise<string>;
  verifyNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<NotifyCheck>;
  /** The exact text the provider expects back so it stops retrying, and the text for a refusal. */
  readonly successText: string;
  readonly failureText: string;
}
