import { adminVipOrderListQuery, adminVipOrderPageSchema } from '@ld/contract/admin/money';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { listVipOrdersForAdmin } from './admin-service.ts';

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
