import { auditListQuery, auditPageSchema } from '@ld/contract/admin/audit';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { auditVocabulary, listAuditEntries } from './audit.ts';

const tags = ['admin: audit'];
const config = { adminArea: 'audit' } as const;

/** 操作日志: every operator write, filtered by operator, action, target and time. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config,
      schema: {
        tags,
        summary: '操作日志（分页；按操作员、动作、对象类型/编号、时间段筛选；按时间排序）',
        querystring: auditListQuery,
        response: { 200: envelopeOf(auditPageSchema) },
      },
    },
    async (request) => ok(await listAuditEntries(app.deps, request.query)),
  );

  app.get(
    '/audit/vocabulary',
    {
      config,
      schema: {
        tags,
        summary: '已出现过的动作与对象类型（筛选项）',
        response: {
          200: envelopeOf(z.object({ actions: z.array(z.string()), targetTypes: z.array(z.string()) })),
        },
      },
    },
    async () => ok(await auditVocabulary(app.deps)),
  );
};
