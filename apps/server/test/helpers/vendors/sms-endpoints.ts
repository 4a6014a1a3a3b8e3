import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeServer, startFake } from './http-fake.ts';

// Fake Aliyun and Tencent Cloud SMS endpoints, written from the vendors' signature documents,
// not from the product's code. Each recomputes the signature from the request it received and
// answers with the vendor's JSON shapes and error codes.

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** What the next send answers: a vendor error code, or `hang` (no answer: a timeout). */
export type Scripted = { code: string; message?: string; level?: 'request' | 'number' } | 'hang';

export interface SmsFake extends FakeServer {
  /** Texts accepted: the phone as sent and the template values. */
  sent: Array<{ phone: string; params: unknown }>;
  /** Requests refused for their signature or fields, with the vendor's code. */
  refused: string[];
  /** Answers for the next sends, in order (then success). */
  script: Scripted[];
}

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Aliyun's V3 signature (ACS3-HMAC-SHA256): `Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,
 * SignedHeaders=<names;…>,Signature=<hex>`, over the canonical request
 * `METHOD\nURI\nQUERY\nHEADERS\nSIGNED\nHASHED_BODY`, as HMAC-SHA256(secret, `ACS3-HMAC-SHA256\n` + sha256(canonical)).
 */
export async function startAliyunSmsFake(options: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  now: () => number;
}): Promise<SmsFake> {
  const sent: SmsFake['sent'] = [];
  const refused: string[] = [];
  const script: Scripted[] = [];
  const nonces = new Set<string>();
  const requestId = () => randomBytes(16).toString('hex').toUpperCase();
  const refuse = (status: number, code: string, message: string) => {
    refused.push(code);
    return {
      status,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({
        RequestId: requestId(),
        HostId: 'dysmsapi.aliyuncs.com',
        Code: code,
        Message: message,
      }),
    };
  };

  function checkSignature(request: FakeRequest): { status: number; code: string } | null {
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
    if (!match) return { status: 400, code: 'IncompleteSignature' };
    const [, keyId, signedList, signature] = match;
    if (keyId !== options.accessKeyId) return { status: 404, code: 'InvalidAccessKeyId.NotFound' };
    const signed = signedList.split(';');
    const required = [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ];
    if (!required.every((h) => signed.includes(h))) return { status: 400, code: 'IncompleteSignature' };
    if (request.headers['x-acs-action'] !== 'SendSms' || request.headers['x-acs-version'] !== '2017-05-25') {
      return { status: 400, code: 'InvalidAction.NotFound' };
    }
    const date = String(request.headers['x-acs-date'] ?? '');
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) ||
      Math.abs(Date.parse(date) - options.now()) > 15 * 60_000
    ) {
      return { status: 400, code: 'InvalidTimeStamp.Expired' };
    }
    const nonce = String(request.headers['x-acs-signature-nonce'] ?? '');
    if (nonces.has(nonce)) return { status: 400, code: 'SignatureNonceUsed' };
    nonces.add(nonce);
    if (request.headers['x-acs-content-sha256'] !== sha256Hex(request.body)) {
      return { status: 400, code: 'SignatureDoesNotMatch' };
    }
    const url = new URL(request.url, 'http://fake');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .join('&');
    const headers = [...signed]
      .sort()
      .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
      .join('');
    const canonical = [
      request.method,
      url.pathname,
      query,
      headers,
      signed.join(';'),
      sha256Hex(request.body),
    ].join('\n');
    const expected = createHmac('sha256', options.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`)
      .digest('hex');
    if (expected !== signature) return { status: 400, code: 'SignatureDoesNotMatch' };
    return null;
  }

  const server = await startFake((request) => {
    const problem = checkSignature(request);
    if (problem)
      return refuse(problem.status, problem.code, 'Specified signature does not match our calculation.');
    const form = Object.fromEntries(new URLSearchParams(request.body));
    const answer = (code: string, message: string) => ({
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({
        RequestId: requestId(),
        Message: message,
        ...(code === 'OK' ? { BizId: '900619746936498440^0' } : {}),
        Code: code,
      }),
    });
    if (form.SignName !== options.signName) return answer('isv.SMS_SIGNATURE_ILLEGAL', '签名不合法');
    if (form.TemplateCode !== options.templateCode) return answer('isv.SMS_TEMPLATE_ILLEGAL', '模板不合法');
    if (!/^1\d{10}$/.test(form.PhoneNumbers ?? '')) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    const next = script.shift();
    if (next === 'hang') return null;
    if (next) return answer(next.code, next.message ?? next.code);
    sent.push({ phone: form.PhoneNumbers, params: JSON.parse(form.TemplateParam ?? 'null') });
    return answer('OK', 'OK');
  });
  return { ...server, sent, refused, script };
}

/**
 * Tencent Cloud's TC3-HMAC-SHA256: `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request,
 * SignedHeaders=…, Signature=…`, over the canonical request with header keys and values in lower
 * case, signed with the key derived as HMAC(HMAC(HMAC("TC3"+SecretKey, date), service), "tc3_request").
 * The service is the SMS product's, `sms`, whatever host the request went to.
 */
export async function startTencentSmsFake(options: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  now: () => number;
}): Promise<SmsFake> {
  const sent: SmsFake['sent'] = [];
  const refused: string[] = [];
  const script: Scripted[] = [];
  const requestId = () => randomBytes(16).toString('hex');
  const json = (response: Record<string, unknown>) => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Response: { ...response, RequestId: requestId() } }),
  });
  const error = (code: string, message: string) => {
    refused.push(code);
    return json({ Error: { Code: code, Message: message } });
  };
  const hmac = (key: Buffer | string, text: string) =>
    createHmac('sha256', key).update(text, 'utf8').digest();

  function checkSignature(request: FakeRequest): string | null {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        request.headers.authorization ?? '',
      );
    if (!match) return 'AuthFailure.SignatureFailure';
    const [, secretId, date, service, signedList, signature] = match;
    if (secretId !== options.secretId) return 'AuthFailure.SecretIdNotFound';
    if (service !== 'sms') return 'AuthFailure.SignatureFailure';
    const timestamp = Number(request.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(options.now() / 1000 - timestamp) > 300)
      return 'AuthFailure.SignatureExpire';
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
    if (request.headers['x-tc-action'] !== 'SendSms' || request.headers['x-tc-version'] !== '2021-01-11') {
      return 'InvalidAction';
    }
    if (!request.headers['x-tc-region']) return 'MissingParameter';
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) return 'AuthFailure.SignatureFailure';
    const headers = signed
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const url = new URL(request.url, 'http://fake');
    const canonical = [
      request.method,
      url.pathname,
      url.search.slice(1),
      headers,
      signedList,
      sha256Hex(request.body),
    ].join('\n');
    const toSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      `${date}/${service}/tc3_request`,
      sha256Hex(canonical),
    ].join('\n');
    const key = hmac(hmac(hmac(`TC3${options.secretKey}`, date), service), 'tc3_request');
    const expected = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
    return expected === signature ? null : 'AuthFailure.SignatureFailure';
  }

  const server = await startFake((request) => {
    const problem = checkSignature(request);
    if (problem) return error(problem, 'The provided credentials could not be validated.');
    const body = JSON.parse(request.body) as {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    if (body.SmsSdkAppId !== options.sdkAppId)
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId 校验失败');
    if (body.SignName !== options.signName)
      return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误');
    if (body.TemplateId !== options.templateId)
      return error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或不存在');
    const phone = body.PhoneNumberSet?.[0] ?? '';
    const status = (code: string, message: string) =>
      json({
        SendStatusSet: [
          {
            SerialNo: code === 'Ok' ? `2640:${requestId()}` : '',
            PhoneNumber: phone,
            Fee: code === 'Ok' ? 1 : 0,
            SessionContext: '',
            Code: code,
            Message: message,
            IsoCode: 'CN',
          },
        ],
      });
    if (!/^\+861\d{10}$/.test(phone))
      return status('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误');
    const next = script.shift();
    if (next === 'hang') return null;
    if (next)
      return next.level === 'request'
        ? error(next.code, next.message ?? next.code)
        : status(next.code, next.message ?? next.code);
    sent.push({ phone, params: body.TemplateParamSet });
    return status('Ok', 'send success');
  });
  return { ...server, sent, refused, script };
}
