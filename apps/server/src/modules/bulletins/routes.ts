import { envelopeOf } from '@ld/contract/envelope';
import { bulletinQuery, bulletinSchema } from '@ld/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { currentBulletin } from './service.ts';

export const bulletinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/bulletin',
    {
      schema: {
        tags: ['bulletins'],
        summary: '当前公告（posType=1 为启动弹窗）；没有时为 null；content 为 HTML',
        querystring: bulletinQuery,
        response: { 200: envelopeOf(bulletinSchema.nullable()) },
      },
    },
    async (request) => ok(await currentBulletin(app.deps, request.query.posType)),
  );
};
