import {
  comicCommentListQuery,
  comicCommentParams,
  createComicCommentBody,
  episodeCommentParams,
  episodeParams,
  episodeSchema,
} from '@ld/contract/comics';
import { workParams } from '@ld/contract/content';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { registerWorkRoutes } from '../content/public.ts';
import { registerThreadRoutes } from '../square/public.ts';
import { type CommentPlace, commentScope } from './comments-service.ts';
import * as comics from './service.ts';

const tags = ['comic'];

/** The comment routes of one place: the comic, or one of its episodes (slot 0). */
function registerCommentRoutes(
  app: FastifyInstance,
  base: string,
  what: string,
  params: z.ZodType<CommentPlace>,
  commentParams: z.ZodType<CommentPlace & { commentId: number }>,
): void {
  registerThreadRoutes(app, {
    base,
    tags,
    summaries: {
      list: `${what}的评论（每条带前 3 条回复）；sort 1 热门 / 2 最新；页码或 cursor 翻页`,
      replies: `${what}评论下的回复（楼中楼），最早在前`,
      create: `评论${what} { content }；带 replyCommentId 则回复那条评论；敏感词 1004`,
      delete: `删除自己对${what}的评论（一级评论连同其回复）`,
      like: `点赞${what}的评论（重复点赞只算一次）`,
      unlike: `取消点赞${what}的评论`,
    },
    params,
    commentParams,
    listQuery: comicCommentListQuery,
    body: createComicCommentBody,
    thread: async (deps, place) => ({ scope: await commentScope(deps, place), slot: 0 }),
    scope: commentScope,
  });
}

export const comicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkRoutes(app, 'comic', { unitsPath: 'episodes', unitName: '话' });
  // Pages an operator reorders show at the next read in every process (docs/decisions/0047, 0059).
  deps.changes.subscribe('comics', () => comics.forgetPanels(deps));

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
  );
  registerCommentRoutes(app, '/v1/comic/:id/comments', '漫画', workParams, comicCommentParams);
};
