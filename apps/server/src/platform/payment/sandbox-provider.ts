import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type {
  CheckoutOrder,
  NotifyAnswer,
  NotifyCheck,
  NotifyRequest,
  PaymentProvider,
  ProviderOrderState,
} from './provider.ts';

/** Headers of a sandbox notify: seconds since the epoch, and hex HMAC-SHA256 over `${timestamp}.${rawBody}`. */
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notify older or newer than this is refused, so a captured one cannot be replayed later. */
export const NOTIFY_MAX_AGE_MS = 300_000;

const notifySchema = z.object({
  orderId: z.string().regex(/^[0-9A-Za-z]{8,40}$/),
  amount: z.number().int().positive(),
  txnId: z.string().min(1).max(64),
  paidAt: z.number().int().positive(),
});
export type SandboxNotify = z.infer<typeof notifySchema>;

export function signSandbox(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * The sandbox provider: its checkout page is served by this server (wallet module), and
 * confirming there sends a signed notify exactly as a real provider would.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly remote = false;

  constructor(
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly secret: () => Promise<string>,
  ) {}

  async createCheckout(order: CheckoutOrder): Promise<string> {
    return `${this.publicUrl}/api/v1/pay/sandbox/checkout/${encodeURIComponent(order.orderId)}`;
  }

  /** Signs a notify body; the checkout page's confirm uses it, and so do tests forging bad ones. */
  async signNotify(notify: SandboxNotify, timestampSeconds: number) {
    const rawBody = JSON.stringify(notify);
    const timestamp = String(timestampSeconds);
    return { rawBody, timestamp, signature: signSandbox(await this.secret(), timestamp, rawBody) };
  }

  async verifyNotify({ headers, rawBody }: NotifyRequest): Promise<NotifyCheck> {
    const timestamp = headers[SANDBOX_TIMESTAMP_HEADER];
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
      return { ok: false, reason: 'missing timestamp' };
    }
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) {
      return { ok: false, reason: 'missing signature' };
    }
    const expected = Buffer.from(signSandbox(await this.secret(), timestamp, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return { ok: false, reason: 'bad signature' };
    if (Math.abs(this.clock.now() - Number(timestamp) * 1000) > NOTIFY_MAX_AGE_MS) {
      return { ok: false, reason: 'stale timestamp' };
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'body is not JSON' };
    }
    const parsed = notifySchema.safeParse(body);
    if (!parsed.success) return { ok: false, reason: 'body has the wrong shape' };
    return { ok: true, kind: 'paid', notify: parsed.data };
  }

  answerNotify(accepted: boolean): NotifyAnswer {
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }

  /** The sandbox keeps no record of its own: an order is paid only through its checkout page. */
  async queryOrder(): Promise<ProviderOrderState> {
    return { state: 'unpaid', detail: 'sandbox' };
  }

  async closeOrder(): Promise<void> {}
}
