import { checkinBody, checkinQuery, checkinResultSchema, checkinStatusSchema } from '@ld/contract/checkin';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as checkin from './service.ts';

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['checkin'];

  app.get(
    '/v1/checkin',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '签到状态：今日是否已签、连续天数、7 天奖励、当月已签日期、可补签日期（游客只看奖励）',
        querystring: checkinQuery,
        response: { 200: envelopeOf(checkinStatusSchema) },
      },
    },
    async (request) => ok(await checkin.checkinStatus(deps, request.user?.id ?? null, request.query.month)),
  );

  app.post(
    '/v1/checkin',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary:
          '签到（奖励记入钻石流水）；带 date 为补签本轮漏签的一天（扣钻石，每轮最多 2 次）；当天再签 code 1 今日已签到',
        body: checkinBody,
        response: { 200: envelopeOf(checkinResultSchema) },
      },
    },
    async (request) => ok(await checkin.checkIn(deps, currentUser(request).id, request.body?.date)),
  );
};
