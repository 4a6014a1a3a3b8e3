import { envelopeOf } from '@ld/contract/envelope';
import { homeSchema, searchAnswer, searchQuery, suggestAnswer, suggestQuery } from '@ld/contract/home';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import * as home from './service.ts';

const tags = ['home'];

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The home is kept HOME_CACHE_MS in the shared cache; a change to what it shows, in any
  // process, drops it so the next request anywhere builds it anew (docs/decisions/0047).
  for (const topic of home.HOME_TOPICS) {
    deps.changes.subscribe(topic, () => {
      deps.cache.del(home.HOME_CACHE_KEY).catch((err) => app.log.warn({ err }, 'home cache not dropped'));
    });
  }

  app.get(
    '/v1/home',
    {
      schema: {
        tags,
        summary: '首页：轮播图、入口、热门游戏/漫画/小说/视频/帖子（无内容的种类不出现），各带“更多”路由',
        response: { 200: envelopeOf(homeSchema) },
      },
    },
    async () => ok(await home.getHome(deps)),
  );

  app.get(
    '/v1/search',
    {
      schema: {
        tags,
        summary:
          '全站搜索（游戏、漫画、小说、视频、帖子）：不带 kind 时按种类分组、每组前 4 条；带 kind 时该种类分页（cursor）',
        querystring: searchQuery,
        response: { 200: envelopeOf(searchAnswer) },
      },
    },
    async (request) => ok(await home.search(deps, request.query)),
  );

  app.get(
    '/v1/search/suggest',
    {
      schema: {
        tags,
        summary: '输入联想：标题含关键词的游戏与作品，最多 8 条',
        querystring: suggestQuery,
        response: { 200: envelopeOf(suggestAnswer) },
      },
    },
    async (request) => ok(await home.suggest(deps, request.query.keyword)),
  );
};
