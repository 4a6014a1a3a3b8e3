import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeServer, rebase, startFake } from './http-fake.ts';

// A fake WeChat Pay API v3, written from WeChat Pay's documents, not from the product's code:
// requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,
// timestamp=…,serial_no=…`, an RSA-SHA256 signature over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n"
// with the merchant key; answers and notifies are signed over "TIMESTAMP\nNONCE\nBODY\n" with
// WeChat Pay's key (the public-key pair, or a platform certificate's), named by Wechatpay-Serial;
// a notify's resource is AES-256-GCM under the APIv3 key.

export interface FakeTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transaction_id: string;
}

/** How WeChat Pay signs: with the public-key pair (`PUB_KEY_ID_…`) or a platform certificate. */
export interface WechatSigner {
  serial: string;
  key: KeyObject;
}

export interface WechatFake extends FakeServer {
  transactions: Map<string, FakeTransaction>;
  /** Requests refused, with WeChat Pay's error code. */
  refused: Array<{ path: string; code: string }>;
  /** Signed calls accepted: `POST /v3/pay/transactions/h5`, `GET …/out-trade-no/…`, `POST …/close`. */
  calls: string[];
  dropNotifies: boolean;
  /** When set, answers carry a signature that does not verify (a man in the middle). */
  breakAnswerSignatures: boolean;
  portalOrigin: string | null;
  notifyAnswers: Array<{ status: number; body: string }>;
  /** A signed notify for a transaction; every part can be altered for fixtures. */
  notifyFor(
    tx: FakeTransaction,
    options?: {
      signer?: WechatSigner;
      serial?: string;
      timestamp?: number;
      apiV3Key?: string;
      event?: string;
      transaction?: Partial<Record<string, unknown>>;
    },
  ): { headers: Record<string, string>; body: string };
  pay(outTradeNo: string): Promise<void>;
}

const rfc3339 = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

function sign(signer: WechatSigner, timestamp: number, body: string) {
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(signer.key, 'base64');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': signer.serial,
  };
}

function encrypt(apiV3Key: string, plain: string) {
  const nonce = randomBytes(6).toString('hex');
  const associated = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associated,
    nonce,
  };
}

export async function startWechatFake(options: {
  appId: string;
  mchId: string;
  mchSerial: string;
  /** The merchant API certificate's public key, which WeChat Pay holds. */
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  /** The WeChat Pay public key pair (`PUB_KEY_ID_…`). */
  publicKey: WechatSigner;
  /** A platform certificate's key, used when a request does not ask for the public key. */
  platform: WechatSigner;
  now: () => number;
}): Promise<WechatFake> {
  const transactions = new Map<string, FakeTransaction>();
  const refused: WechatFake['refused'] = [];
  const calls: string[] = [];
  const notifyAnswers: WechatFake['notifyAnswers'] = [];
  const seconds = () => Math.floor(options.now() / 1000);

  const transactionJson = (tx: FakeTransaction, extra: Partial<Record<string, unknown>> = {}) => ({
    appid: tx.appid,
    mchid: tx.mchid,
    out_trade_no: tx.out_trade_no,
    transaction_id: tx.transaction_id,
    trade_type: 'MWEB',
    trade_state: tx.trade_state,
    trade_state_desc:
      tx.trade_state === 'SUCCESS' ? '支付成功' : tx.trade_state === 'CLOSED' ? '已关闭' : '订单未支付',
    bank_type: 'OTHERS',
    attach: '',
    success_time: tx.trade_state === 'SUCCESS' ? rfc3339(options.now()) : undefined,
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: tx.total, payer_total: tx.total, currency: 'CNY', payer_currency: 'CNY' },
    ...extra,
  });

  const fake = {
    transactions,
    refused,
    calls,
    notifyAnswers,
    dropNotifies: false,
    breakAnswerSignatures: false,
    portalOrigin: null as string | null,
    notifyFor(tx: FakeTransaction, o: Parameters<WechatFake['notifyFor']>[1] = {}) {
      const resource = encrypt(
        o.apiV3Key ?? options.apiV3Key,
        JSON.stringify(transactionJson(tx, o.transaction)),
      );
      const body = JSON.stringify({
        id: randomBytes(18).toString('hex'),
        create_time: rfc3339(options.now()),
        resource_type: 'encrypt-resource',
        event_type: o.event ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource,
      });
      const headers = sign(o.signer ?? options.publicKey, o.timestamp ?? seconds(), body);
      if (o.serial) headers['wechatpay-serial'] = o.serial;
      return { headers: { ...headers, 'content-type': 'application/json' }, body };
    },
    async pay(outTradeNo: string) {
      const tx = transactions.get(outTradeNo);
      if (!tx) throw new Error(`no transaction ${outTradeNo}`);
      tx.trade_state = 'SUCCESS';
      if (fake.dropNotifies) return;
      const notice = fake.notifyFor(tx);
      const target = fake.portalOrigin ? rebase(tx.notify_url, fake.portalOrigin) : tx.notify_url;
      const answer = await fetch(target, { method: 'POST', headers: notice.headers, body: notice.body });
      notifyAnswers.push({ status: answer.status, body: await answer.text() });
    },
  };

  /** Checks the Authorization header exactly as WeChat Pay documents; answers its error code. */
  function checkAuthorization(request: FakeRequest): string | null {
    const auth = request.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!match) return 'SIGN_ERROR';
    const fields = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]),
    );
    if (fields.mchid !== options.mchId) return 'SIGN_ERROR';
    if (fields.serial_no !== options.mchSerial) return 'SIGN_ERROR';
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(seconds() - Number(fields.timestamp)) > 300)
      return 'SIGN_ERROR';
    const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(options.merchantPublicKey, fields.signature ?? '', 'base64');
    if (!valid) return 'SIGN_ERROR';
    if (!request.headers['user-agent']) return 'PARAM_ERROR';
    return null;
  }

  function answer(request: FakeRequest, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    if (status >= 300) {
      return { status, headers: { 'content-type': 'application/json' }, body };
    }
    // Signed with the key the request asked for (Wechatpay-Serial), else a platform certificate.
    const signer =
      request.headers['wechatpay-serial'] === options.publicKey.serial ? options.publicKey : options.platform;
    const headers = sign(signer, seconds(), body);
    if (fake.breakAnswerSignatures)
      headers['wechatpay-signature'] = sign(signer, seconds(), `${body} `)['wechatpay-signature'];
    return { status, headers: { ...headers, 'content-type': 'application/json' }, body };
  }

  const error = (request: FakeRequest, status: number, code: string, message: string) => {
    refused.push({ path: request.url, code });
    return answer(request, status, { code, message });
  };

  async function handle(request: FakeRequest) {
    const problem = checkAuthorization(request);
    if (problem) return error(request, problem === 'SIGN_ERROR' ? 401 : 400, problem, '签名错误或缺少参数');
    const url = new URL(request.url, 'http://wechat');
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') {
      const body = JSON.parse(request.body) as {
        appid?: string;
        mchid?: string;
        description?: string;
        out_trade_no?: string;
        time_expire?: string;
        notify_url?: string;
        amount?: { total?: number; currency?: string };
        scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
      };
      if (body.mchid !== options.mchId) return error(request, 400, 'MCH_NOT_EXISTS', '商户号不存在');
      if (body.appid !== options.appId)
        return error(request, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (
        !body.description ||
        !/^[0-9A-Za-z_*|-]{6,32}$/.test(body.out_trade_no ?? '') ||
        !body.notify_url?.startsWith('https://') ||
        !Number.isInteger(body.amount?.total) ||
        (body.amount?.total ?? 0) <= 0 ||
        !body.scene_info?.payer_client_ip ||
        !body.scene_info.h5_info?.type
      ) {
        return error(request, 400, 'PARAM_ERROR', '参数错误');
      }
      calls.push('POST /v3/pay/transactions/h5');
      const tx: FakeTransaction = {
        appid: body.appid,
        mchid: body.mchid,
        out_trade_no: body.out_trade_no as string,
        description: body.description,
        notify_url: body.notify_url,
        time_expire: body.time_expire ?? '',
        total: body.amount?.total as number,
        trade_state: 'NOTPAY',
        transaction_id: `4200${randomBytes(12).toString('hex').replace(/\D/g, '').padEnd(24, '3').slice(0, 24)}`,
      };
      transactions.set(tx.out_trade_no, tx);
      return answer(request, 200, {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${tx.out_trade_no}&package=1037687096`,
      });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== options.mchId)
        return error(request, 400, 'PARAM_ERROR', 'mchid 错误');
      calls.push('GET /v3/pay/transactions/out-trade-no');
      const tx = transactions.get(decodeURIComponent(query[1]));
      if (!tx) return error(request, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(request, 200, transactionJson(tx));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (request.method === 'POST' && close) {
      const body = JSON.parse(request.body || '{}') as { mchid?: string };
      if (body.mchid !== options.mchId) return error(request, 400, 'PARAM_ERROR', 'mchid 错误');
      calls.push('POST /v3/pay/transactions/out-trade-no/close');
      const tx = transactions.get(decodeURIComponent(close[1]));
      if (!tx) return error(request, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (tx.trade_state === 'SUCCESS') return error(request, 400, 'ORDERPAID', '订单已支付');
      tx.trade_state = 'CLOSED';
      return answer(request, 204);
    }
    return error(request, 404, 'NOT_FOUND', '未知的接口');
  }

  const server = await startFake(handle);
  return Object.assign(fake, { url: server.url, close: server.close });
}
