import { idParams } from '@ld/contract/admin/list';
import {
  adminSquareTagListQuery,
  adminSquareTagPageSchema,
  adminSquareTagSchema,
  createSquareTagBody,
  updateSquareTagBody,
} from '@ld/contract/admin/square-tags';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as tags from './tags-admin.ts';

const config = { adminArea: 'content' } as const;
const tagsOf = ['admin: square-tags'];
const tagAnswer = { 200: envelopeOf(adminSquareTagSchema) };

/** 话题 in the console: list, get, create, update (which also puts in and out of use). */
export const squareTagAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/square-tags',
    {
      config,
      schema: {
        tags: tagsOf,
        summary: '广场话题列表（分页；按 sort、id、name 排序；按启用状态筛选）',
        querystring: adminSquareTagListQuery,
        response: { 200: envelopeOf(adminSquareTagPageSchema) },
      },
    },
    async (request) => ok(await tags.listSquareTags(deps, request.query)),
  );

  app.get(
    '/square-tags/:id',
    { config, schema: { tags: tagsOf, summary: '一个广场话题', params: idParams, response: tagAnswer } },
    async (request) => ok(await tags.getSquareTag(deps, request.params.id)),
  );

  app.post(
    '/square-tags',
    {
      config,
      schema: { tags: tagsOf, summary: '新建广场话题', body: createSquareTagBody, response: tagAnswer },
    },
    async (request) => ok(await tags.createSquareTag(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/square-tags/:id',
    {
      config,
      schema: {
        tags: tagsOf,
        summary: '修改广场话题；{ published: true|false } 即启用/停用（已发的帖子保留话题）',
        params: idParams,
        body: updateSquareTagBody,
        response: tagAnswer,
      },
    },
    async (request) =>
      ok(await tags.updateSquareTag(deps, auditActor(request), request.params.id, request.body)),
  );
};
