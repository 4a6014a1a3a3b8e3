import type { KeyObject, X509Certificate } from 'node:crypto';
import {
  type InputProblems,
  readCertificates,
  readPrivateKey,
  readPublicKey,
  readSecret,
  readSetting,
  requireValue,
  type Secret,
} from '../secret-input.ts';

export const PAY_PROVIDER_NAMES = ['alipay', 'wechat', 'sandbox'] as const;
export type PayProviderName = (typeof PAY_PROVIDER_NAMES)[number];

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';

/** A certificate serial as hex without leading zeros, so `05AB` (node) and `5AB` (a header) agree. */
export const normalSerial = (serial: string): string => serial.toUpperCase().replace(/^0+(?=.)/, '');

export interface AlipayConfig {
  appId: string;
  /** The application's private key (signs requests). */
  privateKey: KeyObject;
  /** Alipay's public key (verifies notifies and answers). */
  alipayPublicKey: KeyObject;
  gateway: string;
}

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate, named in every request's Authorization. */
  mchSerial: string;
  privateKey: KeyObject;
  /** The WeChat Pay public key and its id (`PUB_KEY_ID_…`), what merchants get since 2024. */
  publicKey: { id: string; key: KeyObject } | null;
  /** Platform certificates, by `normalSerial` (older merchants, and during the switch to the public key). */
  platformCerts: Map<string, KeyObject>;
  apiV3Key: Secret;
  baseUrl: string;
}

export interface PaymentConfig {
  /** In the order the recharge page offers them; the first is the default of `payInfo`. */
  providers: PayProviderName[];
  alipay: AlipayConfig | null;
  wechat: WechatPayConfig | null;
}

type Env = NodeJS.ProcessEnv;

/**
 * `PAY_PROVIDERS` (comma list). `PAY_PROVIDER`, the single name of the first releases, is still
 * read as an alias when the list is not set; both set is refused so nobody wonders which applies.
 */
function readProviderNames(env: Env, problems: InputProblems): PayProviderName[] {
  const list = env.PAY_PROVIDERS?.trim();
  const single = env.PAY_PROVIDER?.trim();
  if (list && single) {
    problems.add('PAY_PROVIDER', '已改名为 PAY_PROVIDERS，请只设置 PAY_PROVIDERS');
    return [];
  }
  const name = list ? 'PAY_PROVIDERS' : 'PAY_PROVIDER';
  const names = (list || single || 'sandbox').split(',').map((n) => n.trim());
  const known = new Set<string>(PAY_PROVIDER_NAMES);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0 || names.length === 0) {
    problems.add(
      name,
      `须为 alipay、wechat、sandbox 中的一个或几个（逗号分隔），不认识：${unknown.join(', ')}`,
    );
    return [];
  }
  if (new Set(names).size !== names.length) {
    problems.add(name, '同一支付方式写了两次');
    return [];
  }
  // The sandbox credits without money changing hands: next to a real provider, anyone could
  // choose it and recharge for free.
  if (names.includes('sandbox') && names.length > 1) {
    problems.add(name, 'sandbox 不收钱，不能与真实支付渠道同时启用');
    return [];
  }
  return names as PayProviderName[];
}

const httpUrl = (env: Env, name: string, fallback: string, problems: InputProblems): string => {
  const value = env[name]?.trim() || fallback;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return value.replace(/\/$/, '');
  } catch {
    // reported below
  }
  problems.add(name, '须为完整的 http(s) URL');
  return fallback;
};

function readAlipay(env: Env, problems: InputProblems): AlipayConfig | null {
  const appId = readSetting(
    env,
    'ALIPAY_APP_ID',
    problems,
    /^\d{10,32}$/,
    '须为支付宝开放平台的应用 APPID（数字）',
  );
  const privateKey = requireValue(
    readPrivateKey(env, 'ALIPAY_PRIVATE_KEY', problems),
    env,
    'ALIPAY_PRIVATE_KEY',
    problems,
  );
  const alipayPublicKey = requireValue(
    readPublicKey(env, 'ALIPAY_PUBLIC_KEY', problems),
    env,
    'ALIPAY_PUBLIC_KEY',
    problems,
  );
  const gateway = httpUrl(env, 'ALIPAY_GATEWAY', ALIPAY_GATEWAY, problems);
  if (!appId || !privateKey || !alipayPublicKey) return null;
  return { appId, privateKey, alipayPublicKey, gateway };
}

function readWechat(env: Env, problems: InputProblems): WechatPayConfig | null {
  const appId = readSetting(
    env,
    'WECHATPAY_APP_ID',
    problems,
    /^wx[0-9a-zA-Z]{16}$/,
    '须为 wx 开头的 18 位 AppID',
  );
  const mchId = readSetting(env, 'WECHATPAY_MCH_ID', problems, /^\d{8,12}$/, '须为微信支付商户号（数字）');
  const mchSerial = readSetting(
    env,
    'WECHATPAY_MCH_SERIAL',
    problems,
    /^[0-9A-Fa-f]{8,64}$/,
    '须为商户 API 证书序列号（十六进制）',
  );
  const privateKey = requireValue(
    readPrivateKey(env, 'WECHATPAY_PRIVATE_KEY', problems),
    env,
    'WECHATPAY_PRIVATE_KEY',
    problems,
  );
  const apiV3Key = readSecret(
    env,
    'WECHATPAY_API_V3_KEY',
    problems,
    /^[\x21-\x7e]{32}$/,
    '须为 32 个字符的 APIv3 密钥',
  );
  const baseUrl = httpUrl(env, 'WECHATPAY_BASE_URL', WECHATPAY_BASE_URL, problems);

  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID?.trim();
  const publicKey = readPublicKey(env, 'WECHATPAY_PUBLIC_KEY', problems);
  const hasPublicKeyText = Boolean(env.WECHATPAY_PUBLIC_KEY?.trim() || env.WECHATPAY_PUBLIC_KEY_FILE?.trim());
  if (publicKeyId && !/^PUB_KEY_ID_[0-9A-Za-z]+$/.test(publicKeyId)) {
    problems.add('WECHATPAY_PUBLIC_KEY_ID', '须为 PUB_KEY_ID_ 开头的微信支付公钥 ID');
  }
  if (publicKeyId && !hasPublicKeyText)
    problems.add('WECHATPAY_PUBLIC_KEY', '设置了 WECHATPAY_PUBLIC_KEY_ID 时必填');
  if (hasPublicKeyText && !publicKeyId)
    problems.add('WECHATPAY_PUBLIC_KEY_ID', '设置了 WECHATPAY_PUBLIC_KEY 时必填');
  const certs = readCertificates(env, 'WECHATPAY_PLATFORM_CERTS', problems);
  const platformCerts = new Map<string, KeyObject>(
    (certs ?? []).map((cert: X509Certificate) => [normalSerial(cert.serialNumber), cert.publicKey]),
  );
  const hasCertText = Boolean(
    env.WECHATPAY_PLATFORM_CERTS?.trim() || env.WECHATPAY_PLATFORM_CERTS_FILE?.trim(),
  );
  if (!publicKeyId && !hasPublicKeyText && !hasCertText) {
    problems.add(
      'WECHATPAY_PUBLIC_KEY',
      '未设置：验证微信支付通知需要微信支付公钥（WECHATPAY_PUBLIC_KEY_ID 与 WECHATPAY_PUBLIC_KEY）或平台证书（WECHATPAY_PLATFORM_CERTS）',
    );
  }
  if (!appId || !mchId || !mchSerial || !privateKey || !apiV3Key) return null;
  if (publicKeyId && !publicKey) return null;
  if (!publicKey && platformCerts.size === 0) return null;
  return {
    appId,
    mchId,
    mchSerial: mchSerial.toUpperCase(),
    privateKey,
    publicKey: publicKeyId && publicKey ? { id: publicKeyId, key: publicKey } : null,
    platformCerts,
    apiV3Key,
    baseUrl,
  };
}

/** The payment settings; each missing or broken key is a line in `problems`, naming the variable. */
export function readPaymentConfig(env: Env, problems: InputProblems): PaymentConfig {
  const providers = readProviderNames(env, problems);
  return {
    providers,
    alipay: providers.includes('alipay') ? readAlipay(env, problems) : null,
    wechat: providers.includes('wechat') ? readWechat(env, problems) : null,
  };
}
