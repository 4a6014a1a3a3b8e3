import { envelopeOf } from '@ld/contract/envelope';
import {
  commentListQuery,
  commentSchema,
  createCommentBody,
  feedQuery,
  idParams,
  mineQuery,
  myCommentPageSchema,
  replyListParams,
  replyPageSchema,
  threadPageSchema,
} from '@ld/contract/square';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { sendKept } from '../../platform/guest-pages.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as service from './comments-service.ts';
import { createGuestCommentsCache } from './guest-comments-cache.ts';
import { registerDeleteAndLike } from './own-item-routes.ts';

const tags = ['square'];

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // A guest's first page of a post's comments, kept as its JSON until they change (guest-comments-cache.ts).
  const guestPages = createGuestCommentsCache(deps, async (postId, query) =>
    JSON.stringify(ok(await service.listComments(deps, null, postId, query))),
  );

  app.get(
    '/v1/square/post/:id/comment/list',
    {
      schema: {
        tags,
        summary: '帖子的评论（每条带前 3 条回复）：sort 1 热门 / 2 最新；页码或 cursor 翻页',
        params: idParams,
        querystring: commentListQuery,
        response: { 200: envelopeOf(threadPageSchema) },
      },
      preHandler: optionalUser,
    },
    async (request, reply) => {
      const kept =
        request.user === null
          ? guestPages.firstPage({ postId: request.params.id, query: request.query })
          : null;
      if (!kept)
        return ok(
          await service.listComments(deps, request.user?.id ?? null, request.params.id, request.query),
        );
      return sendKept(request, reply as FastifyReply, await kept);
    },
  );

  app.get(
    '/v1/square/post/:postId/comment/:commentId/list',
    {
      schema: {
        tags,
        summary: '一条评论下的回复（楼中楼），最早在前',
        params: replyListParams,
        querystring: feedQuery,
        response: { 200: envelopeOf(replyPageSchema) },
      },
      preHandler: optionalUser,
    },
    async (request) =>
      ok(
        await service.listReplies(
          deps,
          request.user?.id ?? null,
          request.params.postId,
          request.params.commentId,
          request.query,
        ),
      ),
  );

  app.get(
    '/v1/square/comment/me',
    {
      schema: {
        tags,
        summary: '我的评论，最新在前（需登录）',
        querystring: mineQuery,
        response: { 200: envelopeOf(myCommentPageSchema) },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await service.listMyComments(deps, currentUser(request).id, request.query)),
  );

  app.post(
    '/v1/square/post/:id/comment',
    {
      schema: {
        tags,
        summary: '评论帖子；带 replyCommentId 则回复那条评论',
        params: idParams,
        body: createCommentBody,
        response: { 200: envelopeOf(commentSchema) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.write },
    },
    async (request) =>
      ok(await service.createComment(deps, currentUser(request).id, request.params.id, request.body)),
  );

  registerDeleteAndLike(app, {
    path: '/v1/square/comment/:id',
    noun: '评论',
    remove: (userId, id) => service.deleteComment(deps, userId, id),
    setLike: (userId, id, like) => service.setCommentLike(deps, userId, id, like),
  });
};
