import { idParams } from '@ld/contract/admin/list';
import {
  consoleSettingsSchema,
  createOperatorBody,
  operatorListQuery,
  operatorPageSchema,
  operatorSchema,
  resetOperatorPasswordBody,
  updateOperatorBody,
} from '@ld/contract/admin/operators';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from './guard.ts';
import * as operators from './operators-service.ts';
import * as settings from './settings.ts';

const tags = ['admin: operators'];
const config = { adminArea: 'operators' } as const;
const operatorAnswer = { 200: envelopeOf(operatorSchema) };

/** 操作员 (admins only): list, create, change role, disable/enable, reset password or two-factor; the console's settings. */
export const operatorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/operators',
    {
      config,
      schema: {
        tags,
        summary: '操作员列表（分页、排序、按名称/角色/状态筛选）',
        querystring: operatorListQuery,
        response: { 200: envelopeOf(operatorPageSchema) },
      },
    },
    async (request) => ok(await operators.listOperators(deps, request.query)),
  );

  app.get(
    '/operators/:id',
    { config, schema: { tags, summary: '一位操作员', params: idParams, response: operatorAnswer } },
    async (request) => ok(await operators.getOperator(deps, request.params.id)),
  );

  app.post(
    '/operators',
    {
      config,
      schema: {
        tags,
        summary: '新建操作员（密码须满足操作员密码规则）',
        body: createOperatorBody,
        response: operatorAnswer,
      },
    },
    async (request) => ok(await operators.createOperator(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/operators/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改角色、停用或启用；停用即结束其会话',
        params: idParams,
        body: updateOperatorBody,
        response: operatorAnswer,
      },
    },
    async (request) =>
      ok(await operators.updateOperator(deps, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    '/operators/:id/password',
    {
      config,
      schema: {
        tags,
        summary: '重置密码；其会话随之结束',
        params: idParams,
        body: resetOperatorPasswordBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await operators.resetOperatorPassword(
        deps,
        auditActor(request),
        request.params.id,
        request.body.password,
      );
      return ok(null);
    },
  );

  app.post(
    '/operators/:id/totp/reset',
    {
      config,
      schema: {
        tags,
        summary: '重置两步验证（丢失验证器时）；其会话随之结束',
        params: idParams,
        response: operatorAnswer,
      },
    },
    async (request) => ok(await operators.resetOperatorTotp(deps, auditActor(request), request.params.id)),
  );

  app.get(
    '/settings',
    {
      config,
      schema: {
        tags,
        summary: '后台设置：是否强制所有操作员开启两步验证',
        response: { 200: envelopeOf(consoleSettingsSchema) },
      },
    },
    async () => ok(await settings.readSettings(deps)),
  );

  app.put(
    '/settings',
    {
      config,
      schema: {
        tags,
        summary: '修改后台设置',
        body: consoleSettingsSchema,
        response: { 200: envelopeOf(consoleSettingsSchema) },
      },
    },
    async (request) => ok(await settings.updateSettings(deps, auditActor(request), request.body)),
  );
};
