import { envelopeOf } from '@ld/contract/envelope';
import { markReadBody, messageListBody, messagePageSchema, unreadAnswer } from '@ld/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { registerMessageHandlers } from './handlers.ts';
import { listMessagesOf, markRead } from './service.ts';

const tags = ['messages'];

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMessageHandlers(app.deps);

  app.post(
    '/user/center/message/all',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '系统消息列表（新的在前）及未读数；页码翻到前 1000 条，更深用 cursor',
        body: messageListBody.prefault({}),
        response: { 200: envelopeOf(messagePageSchema) },
      },
    },
    async (request) => {
      // A body uid other than the session's answers code 2 in requireUser (platform/auth.ts).
      return ok(await listMessagesOf(app.deps, currentUser(request).id, request.body));
    },
  );

  app.post(
    '/user/message',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '标记消息已读：带 id 标记一条（仅本人的），不带 id 全部标记；返回剩余未读数',
        body: markReadBody.prefault({}),
        response: { 200: envelopeOf(unreadAnswer) },
      },
    },
    async (request) => ok(await markRead(app.deps, currentUser(request).id, request.body.id)),
  );
};
