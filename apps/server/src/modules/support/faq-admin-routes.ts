import {
  adminFaqListQuery,
  adminFaqPageSchema,
  adminFaqSchema,
  createFaqBody,
  updateFaqBody,
} from '@ld/contract/admin/faqs';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as faqs from './faq-admin.ts';

const tags = ['admin: faqs'];
const config = { adminArea: 'content' } as const;
const faqAnswer = { 200: envelopeOf(adminFaqSchema) };

/** 常见问题 in the console: list, get, create, update (which also publishes), delete. */
export const faqAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/faqs',
    {
      config,
      schema: {
        tags,
        summary: '常见问题列表（分页；按 sort、id 排序；按问题文字、发布状态筛选）',
        querystring: adminFaqListQuery,
        response: { 200: envelopeOf(adminFaqPageSchema) },
      },
    },
    async (request) => ok(await faqs.listFaqEntries(deps, request.query)),
  );

  app.get(
    '/faqs/:id',
    {
      config,
      schema: {
        tags,
        summary: '一条常见问题（含保存的与清洗后的回答）',
        params: idParams,
        response: faqAnswer,
      },
    },
    async (request) => ok(await faqs.getFaq(deps, request.params.id)),
  );

  app.post(
    '/faqs',
    {
      config,
      schema: {
        tags,
        summary: '新建常见问题（回答为 HTML，展示时清洗）',
        body: createFaqBody,
        response: faqAnswer,
      },
    },
    async (request) => ok(await faqs.createFaq(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/faqs/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改常见问题；{ published: true|false } 即发布/下线',
        params: idParams,
        body: updateFaqBody,
        response: faqAnswer,
      },
    },
    async (request) => ok(await faqs.updateFaq(deps, auditActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/faqs/:id',
    {
      config,
      schema: { tags, summary: '删除常见问题', params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await faqs.deleteFaq(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );
};
