import { envelopeOf } from '@ld/contract/envelope';
import { chapterParams, chapterSchema } from '@ld/contract/novels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { registerWorkRoutes } from '../content/public.ts';
import * as novels from './service.ts';

export const novelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkRoutes(app, 'novel', { unitsPath: 'chapters', unitName: '章节' });

  app.get(
    '/v1/novel/:id/chapter/:cid',
    {
      // Guests read free chapters; a priced one answers 1005 with coinNum null.
      preHandler: optionalUser,
      schema: {
        tags: ['novel'],
        summary:
          '章节正文：段落、上一章/下一章、下一章价格；未解锁时 code 1005 { price, vip, coinNum }；开启自动购买且未超每日上限时直接购买',
        params: chapterParams,
        response: { 200: envelopeOf(chapterSchema) },
      },
    },
    async (request) =>
      ok(await novels.readChapter(deps, request.user?.id ?? null, request.params.id, request.params.cid)),
  );
};
