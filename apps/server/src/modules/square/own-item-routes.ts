import { envelopeOf } from '@ld/contract/envelope';
import { idParams, type LikeAnswer, likeAnswer } from '@ld/contract/square';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';

/**
 * The writes a post and a comment share: DELETE `path` (the author's soft delete) and
 * POST/DELETE `path/like` (idempotent like and unlike), each needing login and rate limited.
 */
export function registerDeleteAndLike(
  app: FastifyInstance,
  item: {
    path: string;
    /** 帖子 or 评论, for the summaries in /api/docs. */
    noun: string;
    remove: (userId: number, id: number) => Promise<void>;
    setLike: (userId: number, id: number, like: boolean) => Promise<LikeAnswer>;
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['square'];
  typed.delete(
    item.path,
    {
      schema: {
        tags,
        summary: `删除自己的${item.noun}`,
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.write },
    },
    async (request) => {
      await item.remove(currentUser(request).id, request.params.id);
      return ok(null);
    },
  );
  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    typed.route({
      method,
      url: `${item.path}/like`,
      schema: {
        tags,
        summary: like ? `点赞${item.noun}（重复点赞只算一次）` : `取消点赞${item.noun}`,
        params: idParams,
        response: { 200: envelopeOf(likeAnswer) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      handler: async (request) => ok(await item.setLike(currentUser(request).id, request.params.id, like)),
    });
  }
}
