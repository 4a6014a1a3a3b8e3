import { kefuListQuery, kefuNotePageSchema, kefuReplyBody, kefuThreadSchema } from '@ld/contract/admin/inbox';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as inbox from './inbox.ts';

const tags = ['admin: kefu'];
const config = { adminArea: 'moderation' } as const;

/** 客服收件箱: notes from 联系客服 and 合作共赢, a thread per note, replies. Registered in modules/admin.ts. */
export const kefuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/kefu',
    {
      config,
      schema: {
        tags,
        summary: '客服留言（默认未回复的在前；按类型、是否已回复、关键词筛选）',
        querystring: kefuListQuery,
        response: { 200: envelopeOf(kefuNotePageSchema) },
      },
    },
    async (request) => ok(await inbox.listNotes(deps, request.query)),
  );

  app.get(
    '/kefu/:id',
    {
      config,
      schema: {
        tags,
        summary: '一条留言的会话：留言、各条回复、用户、渠道、最近订单、此前留言',
        params: idParams,
        response: { 200: envelopeOf(kefuThreadSchema) },
      },
    },
    async (request) => ok(await inbox.getThread(deps, request.params.id)),
  );

  app.post(
    '/kefu/:id/reply',
    {
      config,
      schema: {
        tags,
        summary: '回复留言（JSON）：以系统消息送达用户（带未读提示），会话保留双方内容',
        params: idParams,
        body: kefuReplyBody,
        response: { 200: envelopeOf(kefuThreadSchema) },
      },
    },
    async (request) =>
      ok(await inbox.replyToNote(deps, auditActor(request), request.params.id, request.body)),
  );
};
