import {
  adminBulletinListQuery,
  adminBulletinPageSchema,
  adminBulletinSchema,
  createBulletinBody,
  updateBulletinBody,
} from '@ld/contract/admin/bulletins';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as bulletins from './service.ts';

const tags = ['admin: bulletins'];
const config = { adminArea: 'content' } as const;
const bulletinAnswer = { 200: envelopeOf(adminBulletinSchema) };

/**
 * 公告 in the console: the exemplar of an admin resource (list with paging, sorting and filters;
 * get; create; update, which also publishes and unpublishes; delete). Registered in modules/admin.ts.
 */
export const bulletinAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/bulletins',
    {
      config,
      schema: {
        tags,
        summary: '公告列表（分页；按 id、createTime、title 排序；按标题、位置、发布状态筛选）',
        querystring: adminBulletinListQuery,
        response: { 200: envelopeOf(adminBulletinPageSchema) },
      },
    },
    async (request) => ok(await bulletins.listBulletins(deps, request.query)),
  );

  app.get(
    '/bulletins/:id',
    {
      config,
      schema: {
        tags,
        summary: '一条公告（含保存的 HTML 与清洗后的 HTML）',
        params: idParams,
        response: bulletinAnswer,
      },
    },
    async (request) => ok(await bulletins.getBulletin(deps, request.params.id)),
  );

  app.post(
    '/bulletins',
    {
      config,
      schema: { tags, summary: '新建公告（JSON）', body: createBulletinBody, response: bulletinAnswer },
    },
    async (request) => ok(await bulletins.createBulletin(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/bulletins/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改公告；{ published: true|false } 即发布/下线',
        params: idParams,
        body: updateBulletinBody,
        response: bulletinAnswer,
      },
    },
    async (request) =>
      ok(await bulletins.updateBulletin(deps, auditActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/bulletins/:id',
    {
      config,
      schema: { tags, summary: '删除公告', params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await bulletins.deleteBulletin(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );
};
