import { idParams } from '@ld/contract/admin/list';
import {
  modCommentListQuery,
  modCommentPageSchema,
  modCommentSchema,
  modCommentSourceQuery,
  modPostListQuery,
  modPostPageSchema,
  modPostSchema,
} from '@ld/contract/admin/moderation';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as moderation from './moderation-service.ts';

const tags = ['admin: moderation'];
const config = { adminArea: 'moderation' } as const;

/** 内容审核: the square's posts and comments, live or deleted; delete and restore. Registered in modules/admin.ts. */
export const squareModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/moderation/posts',
    {
      config,
      schema: {
        tags,
        summary: '帖子搜索（正文关键词、作者 ID 或名字、发布时间段、是否已删除）',
        querystring: modPostListQuery,
        response: { 200: envelopeOf(modPostPageSchema) },
      },
    },
    async (request) => ok(await moderation.listModPosts(deps, request.query)),
  );

  app.post(
    '/moderation/posts/:id/delete',
    {
      config,
      schema: {
        tags,
        summary: '删除帖子（软删除：离开广场各列表与计数，可恢复）',
        params: idParams,
        response: { 200: envelopeOf(modPostSchema) },
      },
    },
    async (request) =>
      ok(await moderation.deletePostAsModerator(deps, auditActor(request), request.params.id)),
  );

  app.post(
    '/moderation/posts/:id/restore',
    {
      config,
      schema: {
        tags,
        summary: '恢复已删除的帖子',
        params: idParams,
        response: { 200: envelopeOf(modPostSchema) },
      },
    },
    async (request) => ok(await moderation.restorePost(deps, auditActor(request), request.params.id)),
  );

  app.get(
    '/moderation/comments',
    {
      config,
      schema: {
        tags,
        summary:
          '评论搜索（source=square 广场评论 / thread 段评与剧集评论；内容关键词、作者、帖子、时间段、是否已删除）',
        querystring: modCommentListQuery,
        response: { 200: envelopeOf(modCommentPageSchema) },
      },
    },
    async (request) => ok(await moderation.listModComments(deps, request.query)),
  );

  app.post(
    '/moderation/comments/:id/delete',
    {
      config,
      schema: {
        tags,
        summary: '删除评论（一级评论连同其回复）',
        params: idParams,
        querystring: modCommentSourceQuery,
        response: { 200: envelopeOf(modCommentSchema) },
      },
    },
    async (request) =>
      ok(
        await moderation.deleteCommentAsModerator(
          deps,
          auditActor(request),
          request.query.source,
          request.params.id,
        ),
      ),
  );

  app.post(
    '/moderation/comments/:id/restore',
    {
      config,
      schema: {
        tags,
        summary: '恢复已删除的评论（连同与它一起删除的回复）',
        params: idParams,
        querystring: modCommentSourceQuery,
        response: { 200: envelopeOf(modCommentSchema) },
      },
    },
    async (request) =>
      ok(await moderation.restoreComment(deps, auditActor(request), request.query.source, request.params.id)),
  );
};
