import { envelopeOf } from '@ld/contract/envelope';
import { inviteMeSchema, inviteRecordPageSchema, inviteRecordsQuery } from '@ld/contract/invites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { registerInviteHandlers } from './handlers.ts';
import * as invites from './service.ts';

export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['invites'];
  registerInviteHandlers(deps);

  app.get(
    '/v1/invite/me',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的邀请码、邀请链接、成功邀请人数与奖励合计',
        response: { 200: envelopeOf(inviteMeSchema) },
      },
    },
    async (request) => ok(await invites.myInvite(deps, currentUser(request).id)),
  );

  app.get(
    '/v1/invite/records',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的邀请：注册的好友（名字打码）、时间、奖励或不发奖励的原因；最新在前，页码或 cursor 翻页',
        querystring: inviteRecordsQuery,
        response: { 200: envelopeOf(inviteRecordPageSchema) },
      },
    },
    async (request) => ok(await invites.listRecords(deps, currentUser(request).id, request.query)),
  );
};
