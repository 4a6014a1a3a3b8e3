import { idParams } from '@ld/contract/admin/list';
import { adminVipOrderListQuery, adminVipOrderPageSchema } from '@ld/contract/admin/money';
import {
  adminVipPlanListQuery,
  adminVipPlanPageSchema,
  adminVipPlanSchema,
  createVipPlanBody,
  updateVipPlanBody,
} from '@ld/contract/admin/vip-plans';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import { listVipOrdersForAdmin } from './admin-service.ts';
import * as plans from './plans-admin.ts';

const tags = ['admin: vip-plans'];
const config = { adminArea: 'content' } as const;
const planAnswer = { 200: envelopeOf(adminVipPlanSchema) };

/** 会员套餐 in the console: list, get, create, update (which also puts on sale and takes off). */
export const vipPlanAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/vip-plans',
    {
      config,
      schema: {
        tags,
        summary: '会员套餐列表（分页；按 sort、id、price 排序；按上架状态筛选）',
        querystring: adminVipPlanListQuery,
        response: { 200: envelopeOf(adminVipPlanPageSchema) },
      },
    },
    async (request) => ok(await plans.listVipPlans(deps, request.query)),
  );

  app.get(
    '/vip-plans/:id',
    { config, schema: { tags, summary: '一个会员套餐', params: idParams, response: planAnswer } },
    async (request) => ok(await plans.getVipPlan(deps, request.params.id)),
  );

  app.post(
    '/vip-plans',
    {
      config,
      schema: {
        tags,
        summary: '新建会员套餐（价格单位：钻石）',
        body: createVipPlanBody,
        response: planAnswer,
      },
    },
    async (request) => ok(await plans.createVipPlan(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/vip-plans/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改会员套餐；{ published: true|false } 即上架/下架。已开通的会员不受影响',
        params: idParams,
        body: updateVipPlanBody,
        response: planAnswer,
      },
    },
    async (request) =>
      ok(await plans.updateVipPlan(deps, auditActor(request), request.params.id, request.body)),
  );
};

/** 会员订单 in the console's 财务 (decision 0062). Registered in modules/admin.ts. */
export const vipAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vip-orders',
    {
      config: { adminArea: 'money' },
      schema: {
        tags: ['admin: money'],
        summary: '会员订单（分页；按用户、套餐、时间筛选）',
        querystring: adminVipOrderListQuery,
        response: { 200: envelopeOf(adminVipOrderPageSchema) },
      },
    },
    async (request) => ok(await listVipOrdersForAdmin(app.deps, request.query)),
  );
};
