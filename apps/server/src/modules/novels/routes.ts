import {
  createParagraphCommentBody,
  paragraphCommentListQuery,
  paragraphCommentParams,
  paragraphReplyQuery,
  threadCommentPageSchema,
  threadCommentSchema,
  threadReplyPageSchema,
} from '@ld/contract/comments';
import { envelopeOf } from '@ld/contract/envelope';
import { chapterParams, chapterSchema } from '@ld/contract/novels';
import { likeAnswer } from '@ld/contract/square';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import { registerWorkRoutes } from '../content/public.ts';
import * as comments from './comments-service.ts';
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

  // 段评 (docs/decisions/0033-paragraph-comments.md).
  const tags = ['novel'];
  const base = '/v1/novel/:id/chapter/:cid/comments';

  app.get(
    base,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          '段评：某段的评论（每条带前 3 条回复），paragraph 从 0 起；sort 1 热门 / 2 最新；页码或 cursor 翻页',
        params: chapterParams,
        querystring: paragraphCommentListQuery,
        response: { 200: envelopeOf(threadCommentPageSchema) },
      },
    },
    async (request) =>
      ok(
        await comments.listParagraphComments(
          deps,
          request.user?.id ?? null,
          request.params.id,
          request.params.cid,
          request.query,
        ),
      ),
  );

  app.get(
    `${base}/:commentId/replies`,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '段评下的回复（楼中楼），最早在前',
        params: paragraphCommentParams,
        querystring: paragraphReplyQuery,
        response: { 200: envelopeOf(threadReplyPageSchema) },
      },
    },
    async (request) =>
      ok(
        await comments.listParagraphReplies(
          deps,
          request.user?.id ?? null,
          request.params.id,
          request.params.cid,
          request.params.commentId,
          request.query,
        ),
      ),
  );

  app.post(
    base,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '发段评 { paragraph, content }；带 replyCommentId 则回复那条评论；敏感词 1004',
        params: chapterParams,
        body: createParagraphCommentBody,
        response: { 200: envelopeOf(threadCommentSchema) },
      },
    },
    async (request) =>
      ok(
        await comments.createParagraphComment(
          deps,
          currentUser(request).id,
          request.params.id,
          request.params.cid,
          request.body,
        ),
      ),
  );

  app.delete(
    `${base}/:commentId`,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '删除自己的段评（一级评论连同其回复）',
        params: paragraphCommentParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { id, cid, commentId } = request.params;
      await comments.deleteParagraphComment(deps, currentUser(request).id, id, cid, commentId);
      return ok(null);
    },
  );

  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${base}/:commentId/like`,
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: like ? '点赞段评（重复点赞只算一次）' : '取消点赞段评',
        params: paragraphCommentParams,
        response: { 200: envelopeOf(likeAnswer) },
      },
      handler: async (request) => {
        const { id, cid, commentId } = request.params;
        return ok(
          await comments.setParagraphCommentLike(deps, currentUser(request).id, id, cid, commentId, like),
        );
      },
    });
  }
};
