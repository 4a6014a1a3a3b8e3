import {
  comicCommentListQuery,
  comicCommentParams,
  comicReplyQuery,
  createComicCommentBody,
  episodeCommentParams,
  episodeParams,
  episodeSchema,
} from '@ld/contract/comics';
import { threadCommentPageSchema, threadCommentSchema, threadReplyPageSchema } from '@ld/contract/comments';
import { workParams } from '@ld/contract/content';
import { envelopeOf } from '@ld/contract/envelope';
import { likeAnswer } from '@ld/contract/square';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import { registerWorkRoutes } from '../content/public.ts';
import type { CommentPlace } from './comments-service.ts';
import * as comments from './comments-service.ts';
import * as comics from './service.ts';

const tags = ['comic'];

/**
 * The five comment calls of one place (the comic, or an episode): list, replies, write, delete,
 * like/unlike. `place` reads the place from the path's params.
 */
/** The path params of a comment call: the comic, maybe the episode, maybe the comment. */
type PlaceParams = { id: number; eid?: number; commentId?: number };

function registerCommentRoutes(
  fastify: FastifyInstance,
  base: string,
  what: string,
  params: z.ZodType<PlaceParams>,
  commentParams: z.ZodType<PlaceParams & { commentId: number }>,
  place: (params: PlaceParams) => CommentPlace,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    base,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: `${what}的评论（每条带前 3 条回复）；sort 1 热门 / 2 最新；页码或 cursor 翻页`,
        params,
        querystring: comicCommentListQuery,
        response: { 200: envelopeOf(threadCommentPageSchema) },
      },
    },
    async (request) =>
      ok(await comments.listComments(deps, request.user?.id ?? null, place(request.params), request.query)),
  );

  app.get(
    `${base}/:commentId/replies`,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: `${what}评论下的回复（楼中楼），最早在前`,
        params: commentParams,
        querystring: comicReplyQuery,
        response: { 200: envelopeOf(threadReplyPageSchema) },
      },
    },
    async (request) => {
      const p = request.params;
      return ok(
        await comments.listReplies(deps, request.user?.id ?? null, place(p), p.commentId, request.query),
      );
    },
  );

  app.post(
    base,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: `评论${what} { content }；带 replyCommentId 则回复那条评论；敏感词 1004`,
        params,
        body: createComicCommentBody,
        response: { 200: envelopeOf(threadCommentSchema) },
      },
    },
    async (request) =>
      ok(await comments.createComment(deps, currentUser(request).id, place(request.params), request.body)),
  );

  app.delete(
    `${base}/:commentId`,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: `删除自己对${what}的评论（一级评论连同其回复）`,
        params: commentParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const p = request.params;
      await comments.deleteComment(deps, currentUser(request).id, place(p), p.commentId);
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
        summary: like ? `点赞${what}的评论（重复点赞只算一次）` : `取消点赞${what}的评论`,
        params: commentParams,
        response: { 200: envelopeOf(likeAnswer) },
      },
      handler: async (request) => {
        const p = request.params;
        return ok(await comments.setCommentLike(deps, currentUser(request).id, place(p), p.commentId, like));
      },
    });
  }
}

export const comicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkRoutes(app, 'comic', { unitsPath: 'episodes', unitName: '话' });

  app.get(
    '/v1/comic/:id/episode/:eid',
    {
      // Guests read free episodes; a priced one answers 1005 with coinNum null.
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          '一话漫画：分格图片（url、宽、高）、上一话/下一话、下一话价格、评论数；未解锁时 code 1005 { price, vip, coinNum }；开启自动购买且未超每日上限时直接购买',
        params: episodeParams,
        response: { 200: envelopeOf(episodeSchema) },
      },
    },
    async (request) =>
      ok(await comics.readEpisode(deps, request.user?.id ?? null, request.params.id, request.params.eid)),
  );

  registerCommentRoutes(
    app,
    '/v1/comic/:id/episode/:eid/comments',
    '本话',
    episodeParams,
    episodeCommentParams,
    (p) => ({
      workId: p.id,
      episodeId: p.eid,
    }),
  );
  registerCommentRoutes(app, '/v1/comic/:id/comments', '漫画', workParams, comicCommentParams, (p) => ({
    workId: p.id,
  }));
};
