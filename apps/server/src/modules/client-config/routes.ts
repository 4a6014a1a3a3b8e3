import { configListQuery, configPageSchema } from '@ld/contract/client-config';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { clientConfigPage } from './service.ts';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/square/config/list',
    {
      schema: {
        tags: ['config'],
        summary: '客户端配置：下载地址、手机号登录是否自动注册、应用名称等键值',
        querystring: configListQuery,
        response: { 200: envelopeOf(configPageSchema) },
      },
    },
    async (request) => ok(await clientConfigPage(app.deps, request.query)),
  );
};
