import {
  broadcastListQuery,
  broadcastPageSchema,
  broadcastSchema,
  createBroadcastBody,
} from '@ld/contract/admin/broadcasts';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as broadcasts from './broadcasts.ts';

const tags = ['admin: messages'];
const config = { adminArea: 'moderation' } as const;

/** 系统消息: sends to one user, a channel or everyone, with their progress. Registered in modules/admin.ts. */
export const broadcastAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/broadcasts',
    {
      config,
      schema: {
        tags,
        summary: '系统消息发送记录（新的在前；按对象、状态筛选），含进度',
        querystring: broadcastListQuery,
        response: { 200: envelopeOf(broadcastPageSchema) },
      },
    },
    async (request) => ok(await broadcasts.listBroadcasts(deps, request.query)),
  );

  app.get(
    '/broadcasts/:id',
    {
      config,
      schema: {
        tags,
        summary: '一次发送及其进度',
        params: idParams,
        response: { 200: envelopeOf(broadcastSchema) },
      },
    },
    async (request) => ok(await broadcasts.getBroadcast(deps, request.params.id)),
  );

  app.post(
    '/broadcasts',
    {
      config,
      schema: {
        tags,
        summary: '发送系统消息（JSON）：发给一个用户立即送达；发给渠道或全体由后台任务分批送达，每人一条',
        body: createBroadcastBody,
        response: { 200: envelopeOf(broadcastSchema) },
      },
    },
    async (request) => ok(await broadcasts.createBroadcast(deps, auditActor(request), request.body)),
  );
};
