import {
  adminGiftPackListQuery,
  adminGiftPackPageSchema,
  adminGiftPackSchema,
  createGiftPackBody,
  importCodesAnswer,
  importCodesBody,
  updateGiftPackBody,
} from '@ld/contract/admin/gift-packs';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as packs from './admin-service.ts';

const tags = ['admin: gift packs'];
const config = { adminArea: 'content' } as const;
const packAnswer = { 200: envelopeOf(adminGiftPackSchema) };

/** 礼包 in the console: packs with their claim window and stock, and the import of codes into a pack's pool. */
export const giftPackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/gift-packs',
    {
      config,
      schema: {
        tags,
        summary: '礼包列表（分页；按 id、startTime、endTime、title 排序；按游戏、名称筛选；含库存）',
        querystring: adminGiftPackListQuery,
        response: { 200: envelopeOf(adminGiftPackPageSchema) },
      },
    },
    async (request) => ok(await packs.listAdminPacks(deps, request.query)),
  );

  app.get(
    '/gift-packs/:id',
    { config, schema: { tags, summary: '一个礼包（含库存）', params: idParams, response: packAnswer } },
    async (request) => ok(await packs.getAdminPack(deps, request.params.id)),
  );

  app.post(
    '/gift-packs',
    { config, schema: { tags, summary: '新建礼包（JSON）', body: createGiftPackBody, response: packAnswer } },
    async (request) => ok(await packs.createPack(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/gift-packs/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改礼包（名称、内容、领取时间）',
        params: idParams,
        body: updateGiftPackBody,
        response: packAnswer,
      },
    },
    async (request) => ok(await packs.updatePack(deps, auditActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/gift-packs/:id',
    {
      config,
      schema: {
        tags,
        summary: '删除礼包（尚无人领取时）',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await packs.deletePack(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/gift-packs/:id/codes',
    {
      config,
      // A CSV of 20 000 codes with other columns is well over the default 1 MB body.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: '导入兑换码（粘贴的每行一个，或 CSV 文本）；重复的码（文件内、码池中已有）不导入并计数',
        params: idParams,
        body: importCodesBody,
        response: { 200: envelopeOf(importCodesAnswer) },
      },
    },
    async (request) =>
      ok(await packs.importCodes(deps, auditActor(request), request.params.id, request.body)),
  );
};
