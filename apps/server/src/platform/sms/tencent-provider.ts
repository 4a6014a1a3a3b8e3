import { createHash, createHmac } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { TencentSmsConfig } from './config.ts';
import { postSigned } from './http.ts';
import { type SmsFailureKind, type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const ALGORITHM = 'TC3-HMAC-SHA256';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

function kindOf(code: string): SmsFailureKind {
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist'
  ) {
    return 'invalid-phone';
  }
  if (code.startsWith('LimitExceeded.PhoneNumber')) return 'throttled';
  return 'unavailable';
}

interface SendSmsAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string }>;
  };
}

/**
 * Tencent Cloud SMS `SendSms` (2021-01-11) through a small client signed with TC3-HMAC-SHA256 as
 * Tencent documents it. The credential scope always names the service `sms`, whatever host the
 * endpoint points at (a loopback fake in tests, a proxy in some deployments), because that is
 * what Tencent computes; the signed `host` is the one the request carries.
 */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  private sign(body: string, host: string): Record<string, string> {
    const timestamp = Math.floor(this.clock.now() / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${host}\nx-tc-action:${ACTION.toLowerCase()}\n`;
    const signedHeaders = 'content-type;host;x-tc-action';
    const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(body)].join('\n');
    const scope = `${date}/${SERVICE}/tc3_request`;
    const stringToSign = [ALGORITHM, String(timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
    const secretDate = hmac(`TC3${this.config.secretKey.reveal()}`, date);
    const signature = createHmac('sha256', hmac(hmac(secretDate, SERVICE), 'tc3_request'))
      .update(stringToSign, 'utf8')
      .digest('hex');
    return {
      'content-type': CONTENT_TYPE,
      'x-tc-action': ACTION,
      'x-tc-version': VERSION,
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': this.config.region,
      authorization: `${ALGORITHM} Credential=${this.config.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    };
  }

  async send(message: SmsMessage): Promise<void> {
    const values = { code: message.code, minutes: String(message.minutes) };
    const body = JSON.stringify({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: this.config.templateParams.map((name) => values[name]),
    });
    const url = new URL(`${this.config.endpoint}/`);
    const answer = await postSigned(this.name, url, this.sign(body, url.host), body, this.timeoutMs);
    let parsed: SendSmsAnswer;
    try {
      parsed = JSON.parse(answer.text) as SendSmsAnswer;
    } catch {
      throw new SmsSendError(this.name, `HTTP_${answer.status}`, 'unavailable', 'the answer is not JSON');
    }
    // A refused request answers Response.Error; a refused number answers its own status.
    const error = parsed.Response?.Error;
    if (error) {
      const code = error.Code ?? 'unknown';
      throw new SmsSendError(this.name, code, kindOf(code), (error.Message ?? '').slice(0, 200));
    }
    const status = parsed.Response?.SendStatusSet?.[0];
    if (answer.status === 200 && status?.Code === 'Ok') return;
    const code = status?.Code ?? `HTTP_${answer.status}`;
    throw new SmsSendError(this.name, code, kindOf(code), (status?.Message ?? '').slice(0, 200));
  }
}
