import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { BackoffRule } from './backoff.ts';

/**
 * Per-route limits (routes opt in with `config.rateLimit`); counters live in Redis when
 * `REDIS_URL` is set, so several server processes share them, and in memory otherwise.
 */
export async function installRateLimit(app: FastifyInstance): Promise<void> {
  // Without the plugin, the routes' `config.rateLimit` is inert.
  if (!app.deps.config.rateLimit) return;
  await app.register(rateLimit, {
    global: false,
    ...(app.deps.redis ? { redis: app.deps.redis, nameSpace: 'ld-rl:' } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const error = new Error(`请求过于频繁，请 ${seconds} 秒后再试`) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
}

/** Common limits, named so routes read as policy. */
export const limits = {
  /**
   * Login and other password or code checks, per address: a flood guard for the CPU that password
   * hashing costs, wide enough that many people behind one address (a NAT) only ever wait a few
   * seconds, never get locked out. Guessing is stopped per account (`loginBackoff`).
   */
  login: { max: 60, timeWindow: '1 minute' },
  register: { max: 5, timeWindow: '1 minute' },
  smsPerIp: { max: 20, timeWindow: '1 hour' },
  write: { max: 60, timeWindow: '1 minute' },
  upload: { max: 20, timeWindow: '1 minute' },
} as const;

const MINUTE = 60_000;

/**
 * Password login, per account (docs/decisions/0022-login-limits.md). From one address, 5 tries;
 * from all addresses together, 20; after that each failure doubles the wait, from 30 s to 15 min.
 * The counts are forgotten a day after the last try and cleared by a successful login. Login by
 * SMS code is not affected, so the owner of an account under attack can still get in.
 */
export const loginBackoff = {
  fromOneAddress: {
    name: 'login-addr',
    free: 5,
    firstWaitMs: MINUTE / 2,
    maxWaitMs: 15 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  },
  fromAllAddresses: {
    name: 'login',
    free: 20,
    firstWaitMs: MINUTE / 2,
    maxWaitMs: 15 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  },
} as const satisfies Record<string, BackoffRule>;
