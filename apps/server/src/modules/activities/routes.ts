import {
  activityClaimSchema,
  activityDetailSchema,
  activityListQuery,
  activityListSchema,
  activityParams,
  activityTaskParams,
} from '@ld/contract/activities';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as activities from './service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['activity'];

  app.get(
    '/v1/activity/list',
    {
      schema: {
        tags,
        summary: '活动列表：进行中、即将开始、已结束（status 可筛选）',
        querystring: activityListQuery,
        response: { 200: envelopeOf(activityListSchema) },
      },
    },
    async (request) => ok(await activities.listActivities(deps, request.query.status)),
  );

  app.get(
    '/v1/activity/:id',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '活动详情：规则（服务端已净化的 HTML）与任务进度（按活动时间内的真实记录计算）',
        params: activityParams,
        response: { 200: envelopeOf(activityDetailSchema) },
      },
    },
    async (request) => ok(await activities.activityDetail(deps, request.user?.id ?? null, request.params.id)),
  );

  app.post(
    '/v1/activity/:id/task/:tid/claim',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '领取任务奖励（每个任务一次，记入钻石流水）',
        params: activityTaskParams,
        response: { 200: envelopeOf(activityClaimSchema) },
      },
    },
    async (request) =>
      ok(await activities.claimTask(deps, currentUser(request).id, request.params.id, request.params.tid)),
  );
};
