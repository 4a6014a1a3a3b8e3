import { threadCommentPageSchema, threadCommentSchema, threadReplyPageSchema } from '@ld/contract/comments';
import { envelopeOf } from '@ld/contract/envelope';
import {
  type CommentListQuery,
  type CreateCommentBody,
  type FeedQuery,
  feedQuery,
  likeAnswer,
} from '@ld/contract/square';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
>(app: FastifyInstance, routes: ThreadRoutes<P, Q, B>): void {
  // The zod provider cannot type a request through P, Q and B: the schemas validate it, and the
  // handlers name what it is.
  const { deps } = app;
  const { base, tags, summaries, params, commentParams } = routes;

  /** A call's summary in /api/docs, its query or body schema, and its answer's. */
  interface Call<In extends object> {
    summary: string;
    input: In;
    answer: z.ZodType;
  }

  /**
   * One route, answering in the envelope. Reads are open to guests (who see no likes of their
   * own); writes need login and are rate limited.
   */
  function register(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    pathParams: z.ZodType,
    call: Call<object>,
    answer: (request: FastifyRequest) => Promise<unknown>,
  ): void {
    app.route({
      method,
      url,
      ...(method === 'GET'
        ? { preHandler: optionalUser }
        : { preHandler: requireUser, config: { rateLimit: limits.write } }),
      schema: {
        tags,
        summary: call.summary,
        params: pathParams,
        ...call.input,
        response: { 200: envelopeOf(call.answer) },
      },
      handler: async (request) => ok(await answer(request)),
    });
  }

  /**
   * A call on the target itself (the list, a new comment): `run` gets the thread, found from the
   * path and the query (GET) or the body (POST), and that input.
   */
  function onThread<I extends Q | B>(
    method: 'GET' | 'POST',
    call: Call<{ querystring: z.ZodType<I> } | { body: z.ZodType<I> }>,
    run: (key: ThreadKey, input: I, request: FastifyRequest) => Promise<unknown>,
  ): void {
    register(method, base, params, call, async (request) => {
      const value = ('body' in call.input ? request.body : request.query) as I;
      return run(await routes.thread(deps, request.params as P, value), value, request);
    });
  }

  /**
   * A call on one comment (`${base}/:commentId${path}`: replies, delete, like, unlike): `run` gets
   * the scope it is looked up in, once the target is found, and the comment's id.
   */
  function onComment(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    call: Call<{ querystring?: z.ZodType }>,
    run: (scope: string, commentId: number, request: FastifyRequest) => Promise<unknown>,
  ): void {
    register(method, `${base}/:commentId${path}`, commentParams, call, async (request) => {
      const p = request.params as P & { commentId: number };
      return run(await routes.scope(deps, p), p.commentId, request);
    });
  }

  const userOf = (request: FastifyRequest) => request.user?.id ?? null;

  onThread(
    'GET',
    { summary: summaries.list, input: { querystring: routes.listQuery }, answer: threadCommentPageSchema },
    (key, query, request) => listThreadComments(deps, userOf(request), key, query),
  );
  onComment(
    'GET',
    '/replies',
    { summary: summaries.replies, input: { querystring: feedQuery }, answer: threadReplyPageSchema },
    (scope, id, request) => listThreadReplies(deps, userOf(request), scope, id, request.query as FeedQuery),
  );
  onThread(
    'POST',
    { summary: summaries.create, input: { body: routes.body }, answer: threadCommentSchema },
    (key, body, request) => createThreadComment(deps, currentUser(request).id, key, body),
  );
  onComment(
    'DELETE',
    '',
    { summary: summaries.delete, input: {}, answer: z.null() },
    async (scope, id, request) => {
      await deleteThreadComment(deps, currentUser(request).id, scope, id);
      return null;
    },
  );
  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    const summary = like ? summaries.like : summaries.unlike;
    onComment(method, '/like', { summary, input: {}, answer: likeAnswer }, (scope, id, request) =>
      setThreadCommentLike(deps, currentUser(request).id, scope, id, like),
    );
  }
}
