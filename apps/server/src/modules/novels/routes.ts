import {
  createParagraphCommentBody,
  paragraphCommentListQuery,
  paragraphCommentParams,
} from '@ld/contract/comments';
import { envelopeOf } from '@ld/contract/envelope';
import { chapterParams, chapterSchema } from '@ld/contract/novels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { registerWorkRoutes } from '../content/public.ts';
import { registerThreadRoutes } from '../square/public.ts';
import { chapterCommentScope, paragraphThread } from './comments-service.ts';
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
  registerThreadRoutes(app, {
    base: '/v1/novel/:id/chapter/:cid/comments',
    tags: ['novel'],
    summaries: {
      list: '段评：某段的评论（每条带前 3 条回复），paragraph 从 0 起；sort 1 热门 / 2 最新；页码或 cursor 翻页',
      replies: '段评下的回复（楼中楼），最早在前',
      create: '发段评 { paragraph, content }；带 replyCommentId 则回复那条评论；敏感词 1004',
      delete: '删除自己的段评（一级评论连同其回复）',
      like: '点赞段评（重复点赞只算一次）',
      unlike: '取消点赞段评',
    },
    params: chapterParams,
    commentParams: paragraphCommentParams,
    listQuery: paragraphCommentListQuery,
    body: createParagraphCommentBody,
    thread: paragraphThread,
    scope: (deps, place) => chapterCommentScope(deps, place),
  });
};
