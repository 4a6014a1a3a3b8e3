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
import { receiveUploadedFile } from '../../platform/upload.ts';
import { adminWorkOf, registerWorkAdminRoutes } from '../content/public.ts';
import { auditActor } from '../operators/public.ts';
import * as imports from './admin-service.ts';
import { coverWebp } from './seed-covers.ts';

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
      // Streamed to storage, never whole in memory; over the limit a 413 and nothing kept.
      const file = await receiveUploadedFile(request, deps.storage, {
        folder: imports.importFolder(workId),
        maxBytes: MAX_TXT_BYTES,
        exts: ['txt'],
        label: 'TXT 文件',
      });
      const importId = file.key.slice(file.key.lastIndexOf('/') + 1, -'.txt'.length);
      try {
        await imports.stageImport(deps, workId, importId, file.key);
      } catch (error) {
        await deps.storage.remove(file.key);
        throw error;
      }
      return ok(await imports.previewImport(deps, workId, importId, file.filename.slice(0, 200)));
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
