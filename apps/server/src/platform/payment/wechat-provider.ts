import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { WechatPayConfig } from './config.ts';
import { beijingRfc3339 } from './money-text.ts';
import {
  type CheckoutOrder,
  type NotifyAnswer,
  type NotifyCheck,
  type NotifyRequest,
  type PaymentNotify,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrderState,
} from './provider.ts';
import type { PaymentUrls } from './urls.ts';
import { authorization, decryptResource, verifyWechatSignature } from './wechat-pay-crypto.ts';

const notifySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
  }),
});

const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().regex(/^[0-9A-Za-z]{8,40}$/),
  transaction_id: z.string().max(64).optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative() }).optional(),
});
type Transaction = z.infer<typeof transactionSchema>;

const PAID = new Set(['SUCCESS', 'REFUND']);
const UNPAID = new Set(['NOTPAY', 'USERPAYING']);
const CLOSED = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

/**
 * WeChat Pay API v3 H5 payment: orders at `/v3/pay/transactions/h5`, requests signed with the
 * merchant key, answers and notifies verified with WeChat Pay's public key or platform
 * certificates (wechat-pay-crypto.ts), the notify's resource decrypted with the APIv3 key.
 */
export class WechatPaymentProvider implements PaymentProvider {
  readonly name = 'wechat';
  readonly remote = true;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly urls: PaymentUrls,
    private readonly clock: Clock,
    private readonly timeoutMs = 10_000,
  ) {}

  /** One signed call; a 2xx answer must carry a valid WeChat Pay signature, anything else throws. */
  private async request(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'ld-portal/1.0',
      authorization: authorization(this.config, {
        method,
        pathWithQuery,
        body,
        timestamp: Math.floor(this.clock.now() / 1000),
      }),
    };
    // Asks WeChat Pay to sign its answer with the public key rather than a platform certificate.
    if (this.config.publicKey) headers['wechatpay-serial'] = this.config.publicKey.id;
    if (body) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.config.baseUrl}${pathWithQuery}`, {
        method,
        headers,
        body: body || undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderError(this.name, 'unreachable', (error as Error).message.slice(0, 200));
    }
    if (response.status >= 200 && response.status < 300) {
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name] = value;
      });
      const check = verifyWechatSignature(this.config, answerHeaders, text, this.clock.now());
      if (!check.ok) throw new PaymentProviderError(this.name, 'answer-signature', check.reason);
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
    }
    let code = `HTTP_${response.status}`;
    let message = '';
    try {
      const error = JSON.parse(text) as { code?: string; message?: string };
      code = error.code ?? code;
      message = error.message ?? '';
    } catch {
      message = text.slice(0, 200);
    }
    return { status: response.status, json: null, error: { code, message } };
  }

  async createCheckout(order: CheckoutOrder): Promise<string> {
    const answer = await this.request('POST', '/v3/pay/transactions/h5', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.subject,
      out_trade_no: order.orderId,
      // Past our expiry WeChat Pay refuses to take the money, so a closed order is never paid.
      time_expire: beijingRfc3339(order.expiresAt),
      notify_url: this.urls.notify(this.name),
      amount: { total: order.amount, currency: 'CNY' },
      scene_info: { payer_client_ip: order.clientIp, h5_info: { type: 'Wap' } },
    });
    if ('error' in answer && answer.error)
      throw new PaymentProviderError(this.name, answer.error.code, answer.error.message);
    const h5Url = (answer.json as { h5_url?: unknown } | null)?.h5_url;
    if (typeof h5Url !== 'string' || !/^https?:\/\//.test(h5Url)) {
      throw new PaymentProviderError(this.name, 'shape', 'no h5_url in the answer');
    }
    // WeChat's page sends the browser here when the buyer is done (paid or not).
    return `${h5Url}&redirect_url=${encodeURIComponent(this.urls.return(order.orderId))}`;
  }

  /** A transaction that belongs to this merchant and app; null when it names another one. */
  private ownTransaction(value: unknown): Transaction | null {
    const parsed = transactionSchema.safeParse(value);
    if (!parsed.success) return null;
    return parsed.data;
  }

  private paymentOf(tx: Transaction): PaymentNotify | null {
    if (!tx.amount || !tx.transaction_id) return null;
    const paidAt = tx.success_time ? Date.parse(tx.success_time) : Number.NaN;
    return {
      orderId: tx.out_trade_no,
      amount: tx.amount.total,
      txnId: tx.transaction_id,
      paidAt: Number.isNaN(paidAt) ? this.clock.now() : paidAt,
    };
  }

  async verifyNotify({ headers, rawBody }: NotifyRequest): Promise<NotifyCheck> {
    const signature = verifyWechatSignature(this.config, headers, rawBody, this.clock.now());
    if (!signature.ok) return signature;
    let body: z.infer<typeof notifySchema>;
    try {
      body = notifySchema.parse(JSON.parse(rawBody));
    } catch {
      return { ok: false, reason: 'body has the wrong shape' };
    }
    const plain = decryptResource(this.config.apiV3Key.reveal(), body.resource);
    if (plain === null) return { ok: false, reason: 'resource does not decrypt' };
    let tx: Transaction | null = null;
    try {
      tx = this.ownTransaction(JSON.parse(plain));
    } catch {
      tx = null;
    }
    if (!tx) return { ok: false, reason: 'body has the wrong shape' };
    if (tx.mchid !== this.config.mchId) return { ok: false, reason: 'mchid differs' };
    if (tx.appid !== this.config.appId) return { ok: false, reason: 'appid differs' };
    if (body.event_type !== 'TRANSACTION.SUCCESS' || tx.trade_state !== 'SUCCESS') {
      return {
        ok: true,
        kind: 'other',
        orderId: tx.out_trade_no,
        detail: `${body.event_type} ${tx.trade_state}`,
      };
    }
    const notify = this.paymentOf(tx);
    if (!notify) return { ok: false, reason: 'body has the wrong shape' };
    return { ok: true, kind: 'paid', notify };
  }

  answerNotify(accepted: boolean): NotifyAnswer {
    return accepted
      ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
      : {
          status: 400,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ code: 'FAIL', message: '通知未被接受' }),
        };
  }

  async queryOrder(orderId: string): Promise<ProviderOrderState> {
    const answer = await this.request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(this.config.mchId)}`,
    );
    if ('error' in answer && answer.error) {
      if (answer.error.code === 'ORDER_NOT_EXIST') return { state: 'missing', detail: answer.error.code };
      throw new PaymentProviderError(this.name, answer.error.code, answer.error.message);
    }
    const tx = this.ownTransaction(answer.json);
    if (!tx || tx.out_trade_no !== orderId)
      throw new PaymentProviderError(this.name, 'shape', 'not a transaction of this order');
    if (tx.mchid !== this.config.mchId || tx.appid !== this.config.appId) {
      throw new PaymentProviderError(this.name, 'mismatch', 'mchid or appid differs');
    }
    if (PAID.has(tx.trade_state)) {
      const payment = this.paymentOf(tx);
      if (!payment) throw new PaymentProviderError(this.name, 'shape', 'no amount or transaction_id');
      return { state: 'paid', payment, detail: tx.trade_state };
    }
    if (UNPAID.has(tx.trade_state)) return { state: 'unpaid', detail: tx.trade_state };
    if (CLOSED.has(tx.trade_state)) return { state: 'closed', detail: tx.trade_state };
    throw new PaymentProviderError(this.name, 'unknown-state', tx.trade_state.slice(0, 32));
  }

  async closeOrder(orderId: string): Promise<void> {
    const answer = await this.request(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}/close`,
      {
        mchid: this.config.mchId,
      },
    );
    if ('error' in answer && answer.error) {
      if (answer.error.code === 'ORDER_NOT_EXIST') return;
      throw new PaymentProviderError(this.name, answer.error.code, answer.error.message);
    }
  }
}
