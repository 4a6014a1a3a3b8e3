import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

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
  login: { max: 10, timeWindow: '1 minute' },
  register: { max: 5, timeWindow: '1 minute' },
  smsPerIp: { max: 20, timeWindow: '1 hour' },
  write: { max: 60, timeWindow: '1 minute' },
  upload: { max: 20, timeWindow: '1 minute' },
} as const;
