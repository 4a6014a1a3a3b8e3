import { createRequire } from 'node:module';
import type { AlipaySdk } from 'alipay-sdk';
import type { Clock } from '../clock.ts';
import type { AlipayConfig } from './config.ts';
import { beijingTime, fenToYuan, parseBeijingTime, yuanToFen } from './money-text.ts';
import {
  type CheckoutOrder,
  type NotifyAnswer,
  type NotifyCheck,
  type NotifyRequest,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrderState,
} from './provider.ts';
import type { PaymentUrls } from './urls.ts';

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const NOT_PAID = new Set(['WAIT_BUYER_PAY', 'TRADE_CLOSED']);
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

interface AlipayResult {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  tradeStatus?: string;
  totalAmount?: string;
  tradeNo?: string;
  outTradeNo?: string;
  sendPayDate?: string;
}

/**
 * Alipay mobile-web payment (`alipay.trade.wap.pay`, RSA2) on the official `alipay-sdk`: the
 * checkout is a signed GET to the gateway, the notify a signed form POST, query and close are
 * signed calls whose answers the SDK verifies with Alipay's public key.
 */
/**
 * The SDK (and the HTTP client under it) takes ~150 ms to load: only a server configured for
 * Alipay pays that, when it builds this provider, not every start (cold start, 0056).
 */
const loadAlipaySdk = (): typeof AlipaySdk =>
  (createRequire(import.meta.url)('alipay-sdk') as typeof import('alipay-sdk')).AlipaySdk;

export class AlipayPaymentProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly remote = true;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly config: AlipayConfig,
    private readonly urls: PaymentUrls,
    private readonly clock: Clock,
    timeoutMs = 10_000,
  ) {
    this.sdk = new (loadAlipaySdk())({
      appId: config.appId,
      // Normalised to PKCS#8 whatever the operator handed in (PKCS#1 or PKCS#8, PEM or bare).
      privateKey: config.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: config.alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
      gateway: config.gateway,
      timeout: timeoutMs,
      signType: 'RSA2',
    });
  }

  /** Alipay reads `timestamp` as Beijing time; the SDK would write the server's local time. */
  private timestamp(): string {
    return beijingTime(this.clock.now());
  }

  async createCheckout(order: CheckoutOrder): Promise<string> {
    return this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: order.orderId,
        total_amount: fenToYuan(order.amount),
        subject: order.subject,
        product_code: 'QUICK_WAP_WAY',
        // Past our expiry Alipay refuses to take the money, so a closed order is never paid.
        time_expire: beijingTime(order.expiresAt),
        quit_url: this.urls.quit(),
      },
      notifyUrl: this.urls.notify(this.name),
      returnUrl: this.urls.return(order.orderId),
      timestamp: this.timestamp(),
    });
  }

  async verifyNotify({ rawBody }: NotifyRequest): Promise<NotifyCheck> {
    // A form POST in UTF-8 (we ask for it with charset=utf-8); signed over the decoded values.
    const fields = Object.fromEntries(new URLSearchParams(rawBody));
    if (!fields.sign) return { ok: false, reason: 'missing signature' };
    if (!this.sdk.checkNotifySignV2(fields)) return { ok: false, reason: 'bad signature' };
    if (fields.app_id !== this.config.appId) return { ok: false, reason: 'app_id differs' };
    const orderId = fields.out_trade_no ?? '';
    if (!/^[0-9A-Za-z]{8,40}$/.test(orderId)) return { ok: false, reason: 'body has the wrong shape' };
    const status = fields.trade_status ?? '';
    if (NOT_PAID.has(status)) return { ok: true, kind: 'other', orderId, detail: status };
    if (!PAID.has(status)) return { ok: false, reason: `unknown trade_status ${status.slice(0, 32)}` };
    const amount = yuanToFen(fields.total_amount ?? '');
    if (amount === null || !fields.trade_no) return { ok: false, reason: 'body has the wrong shape' };
    return {
      ok: true,
      kind: 'paid',
      notify: {
        orderId,
        amount,
        txnId: fields.trade_no.slice(0, 64),
        paidAt: parseBeijingTime(fields.gmt_payment) ?? this.clock.now(),
      },
    };
  }

  answerNotify(accepted: boolean): NotifyAnswer {
    // Alipay stops resending only on these seven characters; anything else is a failure to it.
    return {
      status: accepted ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: accepted ? 'success' : 'failure',
    };
  }

  private async call(method: string, orderId: string): Promise<AlipayResult> {
    try {
      return (await this.sdk.exec(
        method,
        { bizContent: { out_trade_no: orderId }, timestamp: this.timestamp() },
        { validateSign: true },
      )) as AlipayResult;
    } catch (error) {
      // The SDK's message may quote the answer; it never holds our key.
      throw new PaymentProviderError(this.name, 'request-failed', (error as Error).message.slice(0, 300));
    }
  }

  async queryOrder(orderId: string): Promise<ProviderOrderState> {
    const result = await this.call('alipay.trade.query', orderId);
    if (result.code === '40004' && result.subCode === TRADE_NOT_EXIST) {
      return { state: 'missing', detail: TRADE_NOT_EXIST };
    }
    if (result.code !== '10000') {
      throw new PaymentProviderError(
        this.name,
        result.subCode ?? result.code ?? 'unknown',
        result.subMsg ?? result.msg ?? '',
      );
    }
    const status = result.tradeStatus ?? '';
    if (result.outTradeNo !== orderId)
      throw new PaymentProviderError(this.name, 'mismatch', 'out_trade_no differs');
    if (PAID.has(status)) {
      const amount = yuanToFen(result.totalAmount ?? '');
      if (amount === null || !result.tradeNo)
        throw new PaymentProviderError(this.name, 'shape', 'no amount or trade_no');
      return {
        state: 'paid',
        detail: status,
        payment: {
          orderId,
          amount,
          txnId: result.tradeNo.slice(0, 64),
          paidAt: parseBeijingTime(result.sendPayDate) ?? this.clock.now(),
        },
      };
    }
    if (status === 'WAIT_BUYER_PAY') return { state: 'unpaid', detail: status };
    if (status === 'TRADE_CLOSED') return { state: 'closed', detail: status };
    throw new PaymentProviderError(this.name, 'unknown-status', status.slice(0, 32));
  }

  async closeOrder(orderId: string): Promise<void> {
    const result = await this.call('alipay.trade.close', orderId);
    // A trade Alipay never saw (the buyer never opened the checkout) has nothing to close.
    if (result.code === '10000' || (result.code === '40004' && result.subCode === TRADE_NOT_EXIST)) return;
    throw new PaymentProviderError(
      this.name,
      result.subCode ?? result.code ?? 'unknown',
      result.subMsg ?? result.msg ?? '',
    );
  }
}
