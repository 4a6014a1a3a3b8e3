import { envelopeOf } from '@ld/contract/envelope';
import {
  createPostBody,
  feedQuery,
  idParams,
  mineQuery,
  postListQuery,
  postPageSchema,
  postSchema,
} from '@ld/contract/square';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { sendKept } from '../../platform/guest-pages.ts';
import { limits } from '../../platform/rate-limit.ts';
import { createGuestFeedCache } from './guest-feed-cache.ts';
import { registerDeleteAndLike } from './own-item-routes.ts';
import * as service from './posts-service.ts';

const tags = ['square'];

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // A guest's first page of the feed, kept as its JSON until the square changes (guest-feed-cache.ts).
  const guestPages = createGuestFeedCache(deps, async (query) =>
    JSON.stringify(ok(await service.listPostFeed(deps, null, query))),
  );

  app.get(
    '/v1/square/post/list',
    {
      schema: {
        tags,
        summary:
          '帖子列表：sort 1 热门 / 2 最新，可按话题、关键词筛选；页码或 cursor 翻页。带关键词时 total 最多计到 10000（即“至少”）',
        querystring: postListQuery,
        response: { 200: envelopeOf(postPageSchema) },
      },
      preHandler: optionalUser,
    },
    async (request, reply) => {
      const kept = request.user === null ? guestPages.firstPage(request.query) : null;
      if (!kept) return ok(await service.listPostFeed(deps, request.user?.id ?? null, request.query));
      return sendKept(request, reply as FastifyReply, await kept);
    },
  );

  app.get(
    '/v1/square/post/follow',
    {
      schema: {
        tags,
        summary: '我关注的人发的帖子，最新在前（需登录）；total 最多计到 10000（即“至少”）',
        querystring: feedQuery,
        response: { 200: envelopeOf(postPageSchema) },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await service.listFollowFeed(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/v1/square/post/me',
    {
      schema: {
        tags,
        summary: '我发布的帖子，最新在前（需登录）；total 最多计到 10000（即“至少”）',
        querystring: mineQuery,
        response: { 200: envelopeOf(postPageSchema) },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await service.listMyPosts(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/v1/square/post/:id',
    {
      schema: { tags, summary: '帖子详情', params: idParams, response: { 200: envelopeOf(postSchema) } },
      preHandler: optionalUser,
    },
    async (request) => ok(await service.getPost(deps, request.user?.id ?? null, request.params.id)),
  );

  app.post(
    '/v1/square/post',
    {
      schema: {
        tags,
        summary: '发布帖子（JSON：content, tagId, images）',
        body: createPostBody,
        response: { 200: envelopeOf(postSchema) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.write },
    },
    async (request) => ok(await service.createPost(deps, currentUser(request).id, request.body)),
  );

  registerDeleteAndLike(app, {
    path: '/v1/square/post/:id',
    noun: '帖子',
    remove: (userId, id) => service.deletePost(deps, userId, id),
    setLike: (userId, id, like) => service.setPostLike(deps, userId, id, like),
  });
};
