import { idParams } from '@ld/contract/admin/list';
import {
  banBody,
  modUserListQuery,
  modUserPageSchema,
  modUserSchema,
  muteBody,
} from '@ld/contract/admin/moderation';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as moderation from './moderation.ts';

const tags = ['admin: users'];
const config = { adminArea: 'moderation' } as const;
const userAnswer = { 200: envelopeOf(modUserSchema) };

/** 用户管理: find users, mute or ban them and lift it. Registered in modules/admin.ts. */
export const userModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/moderation/users',
    {
      config,
      schema: {
        tags,
        summary: '用户列表（按 ID、用户名或昵称搜索；只看禁言中或封禁中的）',
        querystring: modUserListQuery,
        response: { 200: envelopeOf(modUserPageSchema) },
      },
    },
    async (request) => ok(await moderation.listModUsers(deps, request.query)),
  );

  app.get(
    '/moderation/users/:id',
    {
      config,
      schema: { tags, summary: '一个用户（含禁言、封禁状态）', params: idParams, response: userAnswer },
    },
    async (request) => ok(await moderation.getModUser(deps, request.params.id)),
  );

  app.post(
    '/moderation/users/:id/mute',
    {
      config,
      schema: {
        tags,
        summary: '禁言到某一时间（期间不能发帖、评论）；原因会告诉用户',
        params: idParams,
        body: muteBody,
        response: userAnswer,
      },
    },
    async (request) =>
      ok(await moderation.muteUser(deps, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    '/moderation/users/:id/unmute',
    { config, schema: { tags, summary: '解除禁言', params: idParams, response: userAnswer } },
    async (request) => ok(await moderation.unmuteUser(deps, auditActor(request), request.params.id)),
  );

  app.post(
    '/moderation/users/:id/ban',
    {
      config,
      schema: {
        tags,
        summary: '封禁到某一时间（不带 until 即永久）：该用户的登录立即失效，登录时告知原因与期限',
        params: idParams,
        body: banBody,
        response: userAnswer,
      },
    },
    async (request) =>
      ok(await moderation.banUser(deps, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    '/moderation/users/:id/unban',
    { config, schema: { tags, summary: '解除封禁', params: idParams, response: userAnswer } },
    async (request) => ok(await moderation.unbanUser(deps, auditActor(request), request.params.id)),
  );
};
