import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { normalSerial, type WechatPayConfig } from './config.ts';

// WeChat Pay API v3 signatures on node:crypto alone (docs/decisions/0054-payments.md): the whole
// scheme is RSA-SHA256 over a few lines and AES-256-GCM, so a library would add more than it saves.

/** A signed message older or newer than this is refused, so a captured one cannot be replayed later. */
export const WECHATPAY_MAX_AGE_S = 300;

/**
 * The `Authorization` header of a request: RSA-SHA256 with the merchant key over
 * method, path with query, timestamp, nonce and body, each followed by a newline.
 */
export function authorization(
  config: Pick<WechatPayConfig, 'mchId' | 'mchSerial' | 'privateKey'>,
  request: { method: string; pathWithQuery: string; body: string; timestamp: number },
): string {
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  const message = `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${nonce}\n${request.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(config.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${config.mchSerial}"`;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** The key WeChat Pay signed with, by the serial it names: the public key's id or a certificate's serial. */
function keyForSerial(
  config: Pick<WechatPayConfig, 'publicKey' | 'platformCerts'>,
  serial: string,
): KeyObject | null {
  if (config.publicKey && serial === config.publicKey.id) return config.publicKey.key;
  return config.platformCerts.get(normalSerial(serial)) ?? null;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a notify or an answer from WeChat Pay: `Wechatpay-Timestamp`, `-Nonce`, `-Signature`
 * and `-Serial` over the raw body (`timestamp\nnonce\nbody\n`), with the key the serial names.
 */
export function verifyWechatSignature(
  config: Pick<WechatPayConfig, 'publicKey' | 'platformCerts'>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowMs: number,
): SignatureCheck {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing timestamp' };
  if (!nonce || nonce.length > 64) return { ok: false, reason: 'missing nonce' };
  if (!/^[A-Za-z0-9+/=]{16,1024}$/.test(signature)) return { ok: false, reason: 'missing signature' };
  const key = keyForSerial(config, serial);
  if (!key) return { ok: false, reason: 'unknown serial' };
  const valid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${rawBody}\n`)
    .verify(key, signature, 'base64');
  if (!valid) return { ok: false, reason: 'bad signature' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WECHATPAY_MAX_AGE_S)
    return { ok: false, reason: 'stale timestamp' };
  return { ok: true };
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/**
 * The plain text of a notify's `resource`: AES-256-GCM under the APIv3 key, the nonce as IV,
 * `associated_data` as AAD, the last 16 bytes of the ciphertext as the tag. Null when it fails.
 */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length <= 16) return null;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
