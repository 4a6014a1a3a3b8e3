import { idParams } from '@ld/contract/admin/list';
import {
  adminRechargePackListQuery,
  adminRechargePackPageSchema,
  adminRechargePackSchema,
  createRechargePackBody,
  updateRechargePackBody,
} from '@ld/contract/admin/recharge-packs';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as packs from './packs-admin.ts';

const tags = ['admin: recharge-packs'];
const config = { adminArea: 'content' } as const;
const packAnswer = { 200: envelopeOf(adminRechargePackSchema) };

/** 充值档位 in the console: list, get, create, update (which also puts on sale and takes off). */
export const rechargePackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/recharge-packs',
    {
      config,
      schema: {
        tags,
        summary: '充值档位列表（分页；按 sort、id、price 排序；按上架状态筛选）',
        querystring: adminRechargePackListQuery,
        response: { 200: envelopeOf(adminRechargePackPageSchema) },
      },
    },
    async (request) => ok(await packs.listRechargePacks(deps, request.query)),
  );

  app.get(
    '/recharge-packs/:id',
    { config, schema: { tags, summary: '一个充值档位', params: idParams, response: packAnswer } },
    async (request) => ok(await packs.getRechargePack(deps, request.params.id)),
  );

  app.post(
    '/recharge-packs',
    {
      config,
      schema: {
        tags,
        summary: '新建充值档位（价格单位：分）',
        body: createRechargePackBody,
        response: packAnswer,
      },
    },
    async (request) => ok(await packs.createRechargePack(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/recharge-packs/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改充值档位；{ published: true|false } 即上架/下架。已下的订单不受影响',
        params: idParams,
        body: updateRechargePackBody,
        response: packAnswer,
      },
    },
    async (request) =>
      ok(await packs.updateRechargePack(deps, auditActor(request), request.params.id, request.body)),
  );
};
