import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeServer, rebase, startFake } from './http-fake.ts';
import type { RsaPair } from './keys.ts';

// A fake Alipay open-platform gateway (`/gateway.do`), written from Alipay's documents, not from
// the product's code: RSA2 request signatures (all parameters but `sign`, empty ones dropped,
// sorted, `key=value` joined by `&`, RSA-SHA256 with the application key), answers signed over
// the exact JSON text of `<method>_response`, notifies signed over the sorted fields without
// `sign` and `sign_type`. It also serves the cashier page a buyer pays on.

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
  refused: Array<{ method: string; subCode: string }>;
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

const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Alipay's request content to sign: every parameter but `sign`, empty values dropped, sorted. */
function requestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** A notify's content to sign: without `sign` and `sign_type`, empty values dropped, sorted. */
function notifySignContent(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

const rsa2 = (content: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

export async function startAlipayFake(options: {
  appId: string;
  /** The application's public key, as uploaded to Alipay's console. */
  appPublicKey: KeyObject;
  /** Alipay's own key pair: its private half signs, the portal holds the public half. */
  alipay: RsaPair;
  now: () => number;
}): Promise<AlipayFake> {
  const trades = new Map<string, FakeTrade>();
  const refused: AlipayFake['refused'] = [];
  const calls: string[] = [];
  const notifyAnswers: string[] = [];

  const signedAnswer = (method: string, content: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(content);
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: `{"${key}":${inner},"sign":"${rsa2(inner, options.alipay.privateKey)}"}`,
    };
  };

  /** Checks a request as the gateway does; answers Alipay's sub_code when it refuses. */
  function checkRequest(params: Record<string, string>): string | null {
    if (params.app_id !== options.appId) return 'isv.invalid-app-id';
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type';
    if (params.charset !== 'utf-8') return 'isv.invalid-charset';
    if (params.version !== '1.0') return 'isv.invalid-parameter';
    const verified =
      typeof params.sign === 'string' &&
      createVerify('RSA-SHA256')
        .update(requestSignContent(params), 'utf8')
        .verify(options.appPublicKey, params.sign, 'base64');
    if (!verified) return 'isv.invalid-signature';
    // Beijing time, and close to the gateway's clock.
    const sent = Date.parse(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`);
    if (
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '') ||
      Math.abs(sent - options.now()) > 15 * 60_000
    ) {
      return 'isv.invalid-timestamp';
    }
    return null;
  }

  const newTradeNo = () =>
    `2026${randomBytes(10).toString('hex').replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`;

  function notifyFields(trade: FakeTrade, overrides: Record<string, string> = {}): Record<string, string> {
    const now = beijing(options.now());
    return {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: '2088102177846880',
      buyer_logon_id: '159****5620',
      seller_id: '2088102177296610',
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: now,
      gmt_payment: now,
      ...overrides,
    };
  }

  const fake = {
    trades,
    refused,
    calls,
    notifyAnswers,
    dropNotifies: false,
    portalOrigin: null as string | null,
    signNotify(fields: Record<string, string>, key: KeyObject = options.alipay.privateKey) {
      const signed = { ...fields, sign: rsa2(notifySignContent(fields), key) };
      return new URLSearchParams(signed).toString();
    },
    notifyFor(trade: FakeTrade, overrides: Record<string, string> = {}, key?: KeyObject) {
      return fake.signNotify(notifyFields(trade, overrides), key);
    },
    /** The buyer pays: the trade succeeds and Alipay posts the notify (unless it is lost). */
    async pay(outTradeNo: string): Promise<string> {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = 'TRADE_SUCCESS';
      if (!fake.dropNotifies) {
        const target = fake.portalOrigin ? rebase(trade.notifyUrl, fake.portalOrigin) : trade.notifyUrl;
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: fake.notifyFor(trade),
        });
        notifyAnswers.push(await answer.text());
      }
      const back = new URL(fake.portalOrigin ? rebase(trade.returnUrl, fake.portalOrigin) : trade.returnUrl);
      for (const [k, v] of Object.entries({
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        total_amount: trade.totalAmount,
        method: 'alipay.trade.wap.pay.return',
      })) {
        back.searchParams.set(k, v);
      }
      return back.toString();
    },
  };

  function cashierPage(trade: FakeTrade): string {
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>支付宝 - 网上支付 安全快速！</title></head>
<body style="font-family:sans-serif;margin:0;padding:24px;background:#f5f5f5">
<h1 style="font-size:18px">支付宝收银台（测试）</h1>
<p>${trade.subject}</p>
<p style="font-size:32px;font-weight:bold">￥${trade.totalAmount}</p>
<form method="post" action="/fake/pay/${encodeURIComponent(trade.outTradeNo)}"><button type="submit" style="width:100%;padding:12px;font-size:16px">确认付款</button></form>
</body></html>`;
  }

  const errorPage = (subCode: string) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html><body><h1>支付宝 - 网上支付</h1><p>错误代码 ${subCode}</p></body></html>`,
  });

  async function handle(request: FakeRequest) {
    const url = new URL(request.url, 'http://gateway');
    if (request.method === 'POST' && url.pathname.startsWith('/fake/pay/')) {
      const back = await fake.pay(decodeURIComponent(url.pathname.slice('/fake/pay/'.length)));
      return { status: 302, headers: { location: back } };
    }
    if (url.pathname !== '/gateway.do') return { status: 404, body: 'not found' };
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (request.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(request.body)));
    const method = params.method ?? '';
    const problem = checkRequest(params);
    if (problem) {
      refused.push({ method, subCode: problem });
      if (request.method === 'GET') return errorPage(problem);
      return signedAnswer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: problem,
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    calls.push(method);

    if (method === 'alipay.trade.wap.pay' && request.method === 'GET') {
      if (
        biz.product_code !== 'QUICK_WAP_WAY' ||
        !/^\d+\.\d{2}$/.test(biz.total_amount ?? '') ||
        !biz.subject
      ) {
        refused.push({ method, subCode: 'isv.invalid-parameter' });
        return errorPage('isv.invalid-parameter');
      }
      let trade = trades.get(biz.out_trade_no);
      if (!trade) {
        trade = {
          outTradeNo: biz.out_trade_no,
          totalAmount: biz.total_amount,
          subject: biz.subject,
          notifyUrl: params.notify_url,
          returnUrl: params.return_url,
          timeExpire: biz.time_expire,
          status: 'WAIT_BUYER_PAY',
          tradeNo: newTradeNo(),
        };
        trades.set(trade.outTradeNo, trade);
      }
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: cashierPage(trade),
      };
    }

    const trade = trades.get(biz.out_trade_no);
    const notExist = {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    };
    if (method === 'alipay.trade.query') {
      if (!trade) return signedAnswer(method, notExist);
      return signedAnswer(method, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: '159****5620',
        buyer_pay_amount: trade.status === 'TRADE_SUCCESS' ? trade.totalAmount : '0.00',
        out_trade_no: trade.outTradeNo,
        send_pay_date: beijing(options.now()),
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
      });
    }
    if (method === 'alipay.trade.close') {
      if (!trade) return signedAnswer(method, notExist);
      if (trade.status !== 'WAIT_BUYER_PAY') {
        return signedAnswer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        });
      }
      trade.status = 'TRADE_CLOSED';
      return signedAnswer(method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
      });
    }
    return signedAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  }

  const server = await startFake(handle);
  return Object.assign(fake, { url: server.url, gateway: `${server.url}/gateway.do`, close: server.close });
}
