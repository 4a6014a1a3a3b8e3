import { type KeyObject } from 'node:crypto';
import { type FakeServer } from './http-fake.ts';
import type { RsaPair } from './keys.ts';
export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
export interface FakeTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  timeExpire: string;
  status: TradeStatus;
  tradeNo: string;
}
export interface AlipayFake extends FakeServer {
  gateway: string;
  trades: Map<string, FakeTrade>;
  /** Every request whose signature or fields were refused, with Alipay's sub_code. */
  refused: Array<{
    method: string;
    subCode: string;
  }>;
  /** Methods called with a valid signature (`alipay.trade.query`, `alipay.trade.close`, the page). */
  calls: string[];
  /** When set, the pay button pays but the notify is lost on the way (as networks do). */
  dropNotifies: boolean;
  /** Answers the portal gave to notifies the fake delivered. */
  notifyAnswers: string[];
  /** Where notifies and returns really go (the portal's listening origin), when PUBLIC_URL is a name. */
  portalOrigin: string | null;
  /** Signs notify fields as Alipay does (for fixtures the test alters). */
  signNotify(fields: Record<string, string>, key?: KeyObject): string;
  /** The notify Alipay sends for a paid trade, as a form body. */
  notifyFor(trade: FakeTrade, overrides?: Record<string, string>, key?: KeyObject): string;
  pay(outTradeNo: string): Promise<string>;
}
export declare function startAlipayFake(options: {
  appId: string;
  /** The application's public key, as uploaded to Alipay's console. */
  appPublicKey: KeyObject;
  /** Alipay's own key pair: its private half signs, the portal holds the public half. */
  alipay: RsaPair;
  now: () => number;
}): Promise<AlipayFake>;
