import path from 'node:path';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { z } from 'zod';
import { type PaymentConfig, readPaymentConfig } from './platform/payment/config.ts';
import { InputProblems } from './platform/secret-input.ts';
import { readSmsConfig, type SmsConfig } from './platform/sms/config.ts';

const flag = z.enum(['0', '1'], { error: '须为 0 或 1' });
const optionalUrl = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.url({ error: '须为完整的 URL' }).optional(),
);

/** Every setting the server reads from the environment, checked once at start (DESIGN §4). */
const envSchema = z.object({
  PORT: z.coerce.number({ error: '须为端口号' }).int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, '须以 postgres:// 开头')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, '须以 redis:// 开头')
      .optional(),
  ),
  DEV_INBOX: flag.default('0'),
  APP_ID: z.coerce.number().int().positive().default(PORTAL_APP_ID),
  APP_TITLE: z.string().min(1).default('蓝钻乐园'),
  CURRENCY_NAME: z.string().min(1).default('蓝钻'),
  CONTACT_URL: optionalUrl,
  BUSINESS_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.email({ error: '须为邮箱地址' }).optional(),
  ),
  BUNDLE_URL: optionalUrl,
  PACKAGE_URL: optionalUrl,
  PHONE_LOGIN_AUTO_REGISTER: flag.optional(),
  PUBLIC_URL: optionalUrl,
  WEB_DIST: z.string().optional(),
  /** The operator console's build, served at /admin (default apps/admin/dist). */
  ADMIN_DIST: z.string().optional(),
  SEED: flag.default('1'),
  /** 1 only behind a proxy that overwrites X-Forwarded-For; otherwise clients could choose their own IP. */
  TRUST_PROXY: flag.default('0'),
  /** `off` skips the per-IP rate limits: for load benchmarks only, never in production. */
  RATE_LIMIT: z.enum(['on', 'off'], { error: '须为 on 或 off' }).default('on'),
  /** log2 of scrypt's N; 17 in production (DESIGN §8), lowered only by the test suite for speed. */
  SCRYPT_LOG_N: z.coerce.number().int().min(14, '不能低于 14').max(20).default(17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics on their own port (unset: none); never the public one, never through nginx. */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: '须为端口号' }).int().min(0).max(65535).optional(),
  ),
  /** Where the metrics listen: loopback unless a scraper on another machine must reach them. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL connections per process; processes × this must stay under the server's max_connections. */
  DB_POOL_SIZE: z.coerce.number({ error: '须为整数' }).int().min(1).max(200).default(10),
  /**
   * On SIGTERM, how long (ms) to wait for open connections to end before closing the rest:
   * longer than nginx's upstream keepalive_timeout (deploy/nginx.conf.template), so nginx has
   * let go of its idle connections first and never sends a request into one being closed.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: '须为毫秒数' }).int().min(0).max(120_000).default(5_000),
  /** The largest game package (Android or iOS) the console takes, in MB; under nginx's ADMIN_UPLOAD_LIMIT (2g). */
  PACKAGE_MAX_MB: z.coerce.number({ error: '须为整数（MB）' }).int().min(1).max(4096).default(1900),
  /** The largest video the console takes, in MB. */
  VIDEO_MAX_MB: z.coerce.number({ error: '须为整数（MB）' }).int().min(1).max(4096).default(1024),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** SMS_PROVIDER and the vendors' keys (platform/sms/config.ts). */
  sms: SmsConfig;
  /** PAY_PROVIDERS and the vendors' keys (platform/payment/config.ts). */
  payment: PaymentConfig;
  devInbox: boolean;
  appId: number;
  appTitle: string;
  currencyName: string;
  contactUrl: string | undefined;
  businessEmail: string | undefined;
  bundleUrl: string | undefined;
  packageUrl: string | undefined;
  phoneLoginAutoRegister: '0' | '1' | undefined;
  /** Base of absolute links the server hands out (signed download URLs, the sandbox checkout). */
  publicUrl: string;
  webDist: string;
  adminDist: string;
  seed: boolean;
  rateLimit: boolean;
  trustProxy: boolean;
  scryptN: number;
  logLevel: string;
  metricsPort: number | undefined;
  metricsHost: string;
  dbPoolSize: number;
  shutdownDrainMs: number;
  /** The console's upload limits, in bytes (a game package, a video). */
  uploadLimits: { packageBytes: number; videoBytes: number };
}

export class ConfigError extends Error {}

/** Reads and checks the environment; every bad value is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  // Providers and their keys are read by their own modules; a key is named, never echoed.
  const problems = new InputProblems();
  const sms = readSmsConfig(env, problems);
  const payment = readPaymentConfig(env, problems);
  if (payment.providers.some((name) => name !== 'sandbox') && !env.PUBLIC_URL?.trim()) {
    problems.add('PUBLIC_URL', '启用真实支付渠道时必填：支付通知和支付后返回的地址由它拼出');
  } else if (payment.providers.includes('wechat') && !env.PUBLIC_URL?.trim().startsWith('https://')) {
    // WeChat Pay calls only https notify URLs.
    problems.add('PUBLIC_URL', '启用微信支付时须为 https:// 地址（微信支付只回调 https 通知地址）');
  }
  if (!parsed.success || problems.lines.length > 0) {
    const lines = (parsed.error?.issues ?? []).map((i) => `  ${String(i.path[0])}: ${i.message}`);
    lines.push(...problems.lines);
    throw new ConfigError(`配置有误 (invalid configuration):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    sms,
    payment,
    devInbox: e.DEV_INBOX === '1',
    appId: e.APP_ID,
    appTitle: e.APP_TITLE,
    currencyName: e.CURRENCY_NAME,
    contactUrl: e.CONTACT_URL,
    businessEmail: e.BUSINESS_EMAIL,
    bundleUrl: e.BUNDLE_URL,
    packageUrl: e.PACKAGE_URL,
    phoneLoginAutoRegister: e.PHONE_LOGIN_AUTO_REGISTER,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(repoRoot, 'apps/admin/dist')),
    seed: e.SEED === '1',
    rateLimit: e.RATE_LIMIT === 'on',
    trustProxy: e.TRUST_PROXY === '1',
    scryptN: 2 ** e.SCRYPT_LOG_N,
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    dbPoolSize: e.DB_POOL_SIZE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    uploadLimits: { packageBytes: e.PACKAGE_MAX_MB * 1024 * 1024, videoBytes: e.VIDEO_MAX_MB * 1024 * 1024 },
  };
}
