import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['platform'], summary: '健康检查：数据库可用即为 up' } }, async () => {
    await sql`select 1`.execute(app.deps.db.kysely);
    return ok({
      status: 'up',
      database: app.deps.db.dialect,
      time: new Date(app.deps.clock.now()).toISOString(),
    });
  });
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
