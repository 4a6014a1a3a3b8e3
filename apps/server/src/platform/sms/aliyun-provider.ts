import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { AliyunSmsConfig } from './config.ts';
import { postSigned } from './http.ts';
import { type SmsFailureKind, type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

const ACTION = 'SendSms';
const VERSION = '2017-05-25';
const ALGORITHM = 'ACS3-HMAC-SHA256';

/** RFC 3986 percent-encoding, as Aliyun's V3 signature canonicalises values. */
const percent = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Aliyun's error codes that say something to the user; everything else is `unavailable`. */
const KIND_BY_CODE: Record<string, SmsFailureKind> = {
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalid-phone',
  'isv.BUSINESS_LIMIT_CONTROL': 'throttled',
  'isv.DAY_LIMIT_CONTROL': 'throttled',
  'isv.MONTH_LIMIT_CONTROL': 'throttled',
};

/**
 * Aliyun SMS `SendSms` (2017-05-25) through a small client signed with ACS3-HMAC-SHA256 as Aliyun
 * documents its V3 signature: a canonical request over the method, `/`, the query, the signed
 * headers (`host`, `content-type`, `x-acs-*`) and the body's SHA-256; HMAC-SHA256 of
 * `ACS3-HMAC-SHA256\n<hex sha256 of it>` under the AccessKey secret.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  /** The signed headers of one request (exported through the class for nothing else). */
  private sign(body: string, host: string): Record<string, string> {
    const headers: Record<string, string> = {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      'x-acs-action': ACTION,
      'x-acs-version': VERSION,
      'x-acs-date': new Date(this.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      'x-acs-signature-nonce': randomUUID(),
      'x-acs-content-sha256': sha256Hex(body),
    };
    const names = Object.keys(headers).sort();
    const canonicalHeaders = names.map((name) => `${name}:${headers[name].trim()}\n`).join('');
    const signedHeaders = names.join(';');
    const canonicalRequest = [
      'POST',
      '/',
      '',
      canonicalHeaders,
      signedHeaders,
      headers['x-acs-content-sha256'],
    ].join('\n');
    const signature = createHmac('sha256', this.config.accessKeySecret.reveal())
      .update(`${ALGORITHM}\n${sha256Hex(canonicalRequest)}`)
      .digest('hex');
    headers.authorization = `${ALGORITHM} Credential=${this.config.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
    // undici writes Host itself from the URL; the signed value is the same.
    delete headers.host;
    return headers;
  }

  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      PhoneNumbers: message.phone,
      SignName: this.config.signName,
      TemplateCode: this.config.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
    };
    const body = Object.keys(params)
      .sort()
      .map((k) => `${percent(k)}=${percent(params[k])}`)
      .join('&');
    const url = new URL(`${this.config.endpoint}/`);
    const answer = await postSigned(this.name, url, this.sign(body, url.host), body, this.timeoutMs);
    let parsed: { Code?: string; Message?: string };
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      throw new SmsSendError(this.name, `HTTP_${answer.status}`, 'unavailable', 'the answer is not JSON');
    }
    if (answer.status === 200 && parsed.Code === 'OK') return;
    const code = parsed.Code ?? `HTTP_${answer.status}`;
    throw new SmsSendError(
      this.name,
      code,
      KIND_BY_CODE[code] ?? 'unavailable',
      (parsed.Message ?? '').slice(0, 200),
    );
  }
}
