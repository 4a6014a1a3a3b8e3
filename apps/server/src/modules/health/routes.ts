import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { pendingMigrations } from '../../db/migrate.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';

const notReady = (reason: string) =>
  new AppError(ErrorCode.unavailable, `服务尚未就绪：${reason}`, 503, null);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['platform'], summary: '健康检查：数据库可用即为 up' } }, async () => {
    await sql`select 1`.execute(app.deps.db.kysely);
    return ok({
      status: 'up',
      database: app.deps.db.dialect,
      time: new Date(app.deps.clock.now()).toISOString(),
    });
  });
  // Liveness: the process runs and its event loop turns; nothing else is asked, so a database
  // outage never gets a healthy process restarted.
  app.get('/live', { schema: { tags: ['platform'], summary: '存活检查：进程在运行' } }, async () =>
    ok({ status: 'live' }),
  );
  // Readiness, for the proxy and the cluster's start-up: this process can take requests now
  // (database reachable, its migrations all run, not shutting down); else 503 with the reason.
  let migrated = false;
  app.get(
    '/ready',
    { schema: { tags: ['platform'], summary: '就绪检查：数据库可用、迁移完成、未在关闭' } },
    async () => {
      if (app.lifecycle.draining) throw notReady('正在关闭');
      await sql`select 1`.execute(app.deps.db.kysely);
      if (!migrated) {
        const schema =
          app.deps.db.dialect === 'postgres'
            ? (await sql<{ s: string }>`select current_schema() as s`.execute(app.deps.db.kysely)).rows[0]?.s
            : undefined;
        const pending = await pendingMigrations(app.deps.db.kysely, schema);
        if (pending.length > 0) throw notReady(`数据库迁移未完成（${pending.length} 个）`);
        migrated = true;
      }
      return ok({ status: 'ready' });
    },
  );
  app.get(
    '/v1/dev/sms/latest',
    { schema: { hide: true, querystring: z.object({ phone: z.string() }) } },
    async (request, reply) => {
      const sms = app.deps.sms as { latestCode?: (phone: string) => Promise<string | null> };
      if (!app.deps.config.devInbox || !sms.latestCode) {
        return reply.status(404).send({ code: 404, msg: '请求地址出错', data: null });
      }
      return ok({ code: await sms.latestCode(request.query.phone) });
    },
  );
};
