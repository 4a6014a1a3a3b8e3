import { idParams } from '@ld/contract/admin/list';
import {
  adjustmentBody,
  adjustmentSchema,
  adminLedgerCsvQuery,
  adminLedgerListQuery,
  adminLedgerPageSchema,
  adminOrderListQuery,
  adminOrderPageSchema,
  adminStatementSchema,
  userParams,
} from '@ld/contract/admin/money';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as money from './admin-service.ts';

const tags = ['admin: money'];
const config = { adminArea: 'money' } as const;

/**
 * 财务 in the console (decision 0062): recharge orders with the provider's record, a user's
 * statement and ledger, and the manual adjustment. Registered in modules/admin.ts.
 */
export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/orders',
    {
      config,
      schema: {
        tags,
        summary: '充值订单（分页；按用户、状态、支付方式、订单号、创建时间筛选；含支付方交易号与查询记录）',
        querystring: adminOrderListQuery,
        response: { 200: envelopeOf(adminOrderPageSchema) },
      },
    },
    async (request) => ok(await money.listOrdersForAdmin(deps, request.query)),
  );

  app.get(
    '/users/:user/statement',
    {
      config,
      schema: {
        tags,
        summary: '用户账户（按用户 ID 或登录名）：余额、流水合计与条数',
        params: userParams,
        response: { 200: envelopeOf(adminStatementSchema) },
      },
    },
    async (request) => ok(await money.statementOf(deps, request.params.user)),
  );

  app.get(
    '/users/:id/ledger',
    {
      config,
      schema: {
        tags,
        summary: '用户流水（分页，新的在前；按原因、时间筛选；人工调整带操作员）',
        params: idParams,
        querystring: adminLedgerListQuery,
        response: { 200: envelopeOf(adminLedgerPageSchema) },
      },
    },
    async (request) => ok(await money.ledgerOf(deps, request.params.id, request.query)),
  );

  app.get(
    '/users/:id/ledger.csv',
    {
      config,
      schema: {
        tags,
        summary: '用户流水导出 CSV（UTF-8 带 BOM，中文表头；新的在前；人工调整带操作员名称）',
        params: idParams,
        querystring: adminLedgerCsvQuery,
      },
    },
    async (request, reply) => {
      const csv = await money.ledgerCsvOf(deps, request.params.id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${request.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/users/:id/adjustments',
    {
      config,
      schema: {
        tags,
        summary: '人工调整余额（增加或扣减，必填备注；同一 requestKey 只生效一次；余额不能为负）',
        params: idParams,
        body: adjustmentBody,
        response: { 200: envelopeOf(adjustmentSchema) },
      },
    },
    async (request) =>
      ok(await money.adjustBalance(deps, auditActor(request), request.params.id, request.body)),
  );
};
