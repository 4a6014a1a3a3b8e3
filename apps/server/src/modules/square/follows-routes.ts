import { envelopeOf } from '@ld/contract/envelope';
import { followAnswer, idParams } from '@ld/contract/square';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as service from './follows-service.ts';

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  for (const [method, doFollow] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/v1/user/follow/:id',
      schema: {
        tags: ['square'],
        summary: doFollow ? '关注用户（重复关注只算一次）' : '取消关注用户',
        params: idParams,
        response: { 200: envelopeOf(followAnswer) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      handler: async (request) => {
        const userId = currentUser(request).id;
        return ok(
          doFollow
            ? await service.follow(deps, userId, request.params.id)
            : await service.unfollow(deps, userId, request.params.id),
        );
      },
    });
  }
};
