import {
  adminConfigKeyListQuery,
  adminConfigKeyPageSchema,
  adminConfigKeySchema,
  configKeyParams,
  createConfigKeyBody,
  updateConfigKeyBody,
} from '@ld/contract/admin/client-config';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as configs from './admin.ts';

const tags = ['admin: client-config'];
const config = { adminArea: 'content' } as const;
const keyAnswer = { 200: envelopeOf(adminConfigKeySchema) };

/** 客户端配置 in the console: list, get, create, change the value, delete. */
export const clientConfigAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/client-config',
    {
      config,
      schema: {
        tags,
        summary: '客户端配置键列表（分页；按 key 排序与筛选；标出被环境变量覆盖的键）',
        querystring: adminConfigKeyListQuery,
        response: { 200: envelopeOf(adminConfigKeyPageSchema) },
      },
    },
    async (request) => ok(await configs.listConfigKeys(deps, request.query)),
  );

  app.get(
    '/client-config/:key',
    { config, schema: { tags, summary: '一个客户端配置键', params: configKeyParams, response: keyAnswer } },
    async (request) => ok(await configs.getConfigKey(deps, request.params.key)),
  );

  app.post(
    '/client-config',
    { config, schema: { tags, summary: '新建客户端配置键', body: createConfigKeyBody, response: keyAnswer } },
    async (request) => ok(await configs.createConfigKey(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/client-config/:key',
    {
      config,
      schema: {
        tags,
        summary: '修改客户端配置键的值',
        params: configKeyParams,
        body: updateConfigKeyBody,
        response: keyAnswer,
      },
    },
    async (request) =>
      ok(await configs.updateConfigKey(deps, auditActor(request), request.params.key, request.body)),
  );

  app.delete(
    '/client-config/:key',
    {
      config,
      schema: {
        tags,
        summary: '删除客户端配置键',
        params: configKeyParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await configs.deleteConfigKey(deps, auditActor(request), request.params.key);
      return ok(null);
    },
  );
};
