import { randomBytes } from 'node:crypto';
import { idParams } from '@ld/contract/admin/list';
import {
  importLinesQuery,
  importLinesSchema,
  importParams,
  MAX_TXT_BYTES,
  saveImportAnswer,
  saveImportBody,
  txtPreviewSchema,
} from '@ld/contract/admin/novels';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { adminWorkOf, registerWorkAdminRoutes } from '../content/public.ts';
import { auditActor } from '../operators/public.ts';
import * as imports from './admin-service.ts';
import { coverWebp } from './seed-covers.ts';
import { storeTxtUpload } from './txt-upload.ts';

const tags = ['admin: novels'];
const config = { adminArea: 'content' } as const;

/**
 * 小说 in the console (docs/decisions/0059-novels-and-comics-console.md): the works routes every kind
 * shares, and the TXT import (upload → preview → save). Registered in modules/admin.ts.
 */
export const novelAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkAdminRoutes(app, 'novel', {
    path: '/novels',
    name: '小说',
    unitName: '章节',
    defaultCover: (seed) => coverWebp(seed, seed % 6),
    unitSizes: async (_deps, rows) => rows.map((r) => Number(r.word_count)),
  });

  app.post(
    '/novels/:id/imports',
    {
      config,
      schema: {
        tags,
        summary: `上传 TXT（multipart 字段 file，最大 ${MAX_TXT_BYTES / 1024 / 1024}MB；UTF-8 或 GBK 自动识别）：按“第…章/第…卷”分章的预览，尚未保存`,
        params: idParams,
        response: { 200: envelopeOf(txtPreviewSchema) },
      },
    },
    async (request) => {
      const workId = request.params.id;
      await adminWorkOf(deps.db.kysely, 'novel', workId);
      const importId = randomBytes(16).toString('hex');
      const { fileName } = await storeTxtUpload(request, deps.storage, imports.importKey(workId, importId));
      return ok(await imports.previewImport(deps, workId, importId, fileName));
    },
  );

  app.get(
    '/novels/:id/imports/:importId/lines',
    {
      config,
      schema: {
        tags,
        summary: '已上传 TXT 的第 from 行起 count 行（不含空行；拆分章节时选位置）',
        params: importParams,
        querystring: importLinesQuery,
        response: { 200: envelopeOf(importLinesSchema) },
      },
    },
    async (request) =>
      ok(
        await imports.importLines(
          deps,
          request.params.id,
          request.params.importId,
          request.query.from,
          request.query.count,
        ),
      ),
  );

  app.post(
    '/novels/:id/imports/:importId',
    {
      config,
      schema: {
        tags,
        summary:
          '保存导入：按编辑修正后的章节（标题与行范围 [from, to)）追加到书末，一个事务内全部写入或都不写',
        params: importParams,
        body: saveImportBody,
        response: { 200: envelopeOf(saveImportAnswer) },
      },
    },
    async (request) =>
      ok(
        await imports.saveImport(
          deps,
          auditActor(request),
          request.params.id,
          request.params.importId,
          request.body,
        ),
      ),
  );
};
