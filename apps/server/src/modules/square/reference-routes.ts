import { envelopeOf, pageQuery } from '@ld/contract/envelope';
import { sensitiveWordPageSchema, suggestionAnswer, suggestionQuery, tagSchema } from '@ld/contract/square';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { listTags } from './posts-service.ts';
import { suggestions } from './search-service.ts';
import { listSensitiveWords } from './words-service.ts';

const tags = ['square'];

/** What the square's screens load around the feeds: tags, search suggestions, the word list. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/v1/square/tag/list',
    { schema: { tags, summary: '话题列表', response: { 200: envelopeOf(z.array(tagSchema)) } } },
    async () => ok(await listTags(deps)),
  );

  app.get(
    '/v1/square/keyword/suggestion',
    {
      schema: {
        tags,
        summary: '搜索联想：最多 10 条，来自话题名、热门搜索词和帖子内容',
        querystring: suggestionQuery,
        response: { 200: envelopeOf(suggestionAnswer) },
      },
    },
    async (request) => ok(await suggestions(deps, request.query.keyword)),
  );

  app.get(
    '/v1/square/sensitiveword/list',
    {
      schema: {
        tags,
        summary: '敏感词列表（客户端发布前自查；records 即词）；页码翻到前 1000 条，更深用 cursor',
        querystring: pageQuery,
        response: { 200: envelopeOf(sensitiveWordPageSchema) },
      },
    },
    async (request) => ok(await listSensitiveWords(deps, request.query)),
  );
};
