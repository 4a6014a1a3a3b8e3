import { threadCommentPageSchema, threadCommentSchema, threadReplyPageSchema } from '@ld/contract/comments';
import { envelopeOf } from '@ld/contract/envelope';
import {
  type CommentListQuery,
  type CreateCommentBody,
  type FeedQuery,
  feedQuery,
  likeAnswer,
} from '@ld/contract/square';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import {
  createThreadComment,
  deleteThreadComment,
  listThreadComments,
  listThreadReplies,
  setThreadCommentLike,
  type ThreadKey,
} from './threads-service.ts';

/**
 * One target's comment routes on the comment engine (段评, an episode's or a comic's comments;
 * docs/decisions/0033-paragraph-comments.md): what differs is the path, the texts, the schemas
 * and how the target is found and checked.
 */
export interface ThreadRoutes<P extends object, Q extends CommentListQuery, B extends CreateCommentBody> {
  /** The list's path; a comment is `${base}/:commentId`. */
  base: string;
  tags: string[];
  summaries: { list: string; replies: string; create: string; delete: string; like: string; unlike: string };
  params: z.ZodType<P>;
  commentParams: z.ZodType<P & { commentId: number }>;
  listQuery: z.ZodType<Q>;
  body: z.ZodType<B>;
  /** The thread a list or a new comment is on, once the target is found (404) and the input fits it (400). */
  thread(deps: Deps, params: P, input: Q | B): Promise<ThreadKey>;
  /** The scope a call on one comment (replies, delete, like) looks in, once the target is found. */
  scope(deps: Deps, params: P): Promise<string>;
}

/** The five calls of one target: list, replies, write, delete, like/unlike. */
export function registerThreadRoutes<
  P extends object,
  Q extends CommentListQuery,
  B extends CreateCommentBody,
>(fastify: FastifyInstance, routes: ThreadRoutes<P, Q, B>): void {
  // The zod provider cannot type a request through P, Q and B: the schemas validate it, and the
  // handlers name what it is.
  const app = fastify;
  const { deps } = app;
  type One = P & { commentId: number };
  const { base, tags, summaries, params, commentParams } = routes;

  app.get(
    base,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: summaries.list,
        params,
        querystring: routes.listQuery,
        response: { 200: envelopeOf(threadCommentPageSchema) },
      },
    },
    async (request) => {
      const query = request.query as Q;
      const key = await routes.thread(deps, request.params as P, query);
      return ok(await listThreadComments(deps, request.user?.id ?? null, key, query));
    },
  );

  app.get(
    `${base}/:commentId/replies`,
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: summaries.replies,
        params: commentParams,
        querystring: feedQuery,
        response: { 200: envelopeOf(threadReplyPageSchema) },
      },
    },
    async (request) => {
      const p = request.params as One;
      const scope = await routes.scope(deps, p);
      const query = request.query as FeedQuery;
      return ok(await listThreadReplies(deps, request.user?.id ?? null, scope, p.commentId, query));
    },
  );

  app.post(
    base,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: summaries.create,
        params,
        body: routes.body,
        response: { 200: envelopeOf(threadCommentSchema) },
      },
    },
    async (request) => {
      const body = request.body as B;
      const key = await routes.thread(deps, request.params as P, body);
      return ok(await createThreadComment(deps, currentUser(request).id, key, body));
    },
  );

  app.delete(
    `${base}/:commentId`,
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: summaries.delete,
        params: commentParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const p = request.params as One;
      await deleteThreadComment(deps, currentUser(request).id, await routes.scope(deps, p), p.commentId);
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
        summary: like ? summaries.like : summaries.unlike,
        params: commentParams,
        response: { 200: envelopeOf(likeAnswer) },
      },
      handler: async (request) => {
        const p = request.params as One;
        const scope = await routes.scope(deps, p);
        return ok(await setThreadCommentLike(deps, currentUser(request).id, scope, p.commentId, like));
      },
    });
  }
}
