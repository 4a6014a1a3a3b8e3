import type { PayProviderName } from './config.ts';

/** What a provider needs to start paying an order. */
export interface CheckoutOrder {
  orderId: string;
  /** CNY in fen. */
  amount: number;
  /** What the buyer sees, e.g. 330蓝钻. */
  subject: string;
  /** Epoch ms; the provider refuses payment after it, so nothing is paid for an order we closed. */
  expiresAt: number;
  /** The buyer's address (WeChat Pay H5 requires it). */
  clientIp: string;
}

/** A payment the provider vouched for, by notify or by query. */
export interface PaymentNotify {
  orderId: string;
  /** CNY in fen, as the provider charged it. */
  amount: number;
  /** The provider's own trade number. */
  txnId: string;
  /** Epoch ms. */
  paidAt: number;
}

export type NotifyCheck =
  | { ok: true; kind: 'paid'; notify: PaymentNotify }
  /** Genuine, but not a payment (a trade closed, a refund): acknowledged, credits nothing. */
  | { ok: true; kind: 'other'; orderId: string; detail: string }
  | { ok: false; reason: string };

/** A notify as it arrived: the body byte for byte (signatures cover it), and the headers. */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** What the provider expects back: its own status, type and text for "recorded" and "refused". */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What the provider knows of one of our orders. `detail` is its own word for the state. */
export type ProviderOrderState =
  | { state: 'paid'; payment: PaymentNotify; detail: string }
  | { state: 'unpaid'; detail: string }
  | { state: 'closed'; detail: string }
  /** The provider never saw the order (the buyer never opened the checkout). */
  | { state: 'missing'; detail: string };

/** A provider answered with an error, or could not be reached; `code` is its own error code. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
  ) {
    super(`${provider}: ${code} ${message}`);
    this.name = 'PaymentProviderError';
  }
}

/**
 * A payment provider (DESIGN §7, §16). `verifyNotify` judges only what the provider vouches for
 * (signature, age, its app and merchant ids, shape); the order's existence, amount and state are
 * judged by the wallet under a lock, whichever way the payment became known.
 */
export interface PaymentProvider {
  readonly name: PayProviderName;
  /**
   * Whether the provider keeps its own record of the order. The sandbox does not: its orders
   * close by the clock alone. A remote provider's order closes only once the provider says it
   * cannot be paid any more, and a payment it vouches for is credited even after our expiry.
   */
  readonly remote: boolean;
  /** Answers the URL the browser opens to pay. */
  createCheckout(order: CheckoutOrder): Promise<string>;
  verifyNotify(request: NotifyRequest): Promise<NotifyCheck>;
  answerNotify(accepted: boolean): NotifyAnswer;
  queryOrder(orderId: string): Promise<ProviderOrderState>;
  /** Closes the order at the provider; resolves when it is closed (or never existed there). */
  closeOrder(orderId: string): Promise<void>;
}

/** The providers built from the configuration, in the order the recharge page offers them. */
export interface PaymentProviders {
  readonly list: readonly PaymentProvider[];
  get(name: string): PaymentProvider | undefined;
}
