import { idParams } from '@ld/contract/admin/list';
import {
  addSensitiveWordBody,
  adminSensitiveWordListQuery,
  adminSensitiveWordPageSchema,
  adminSensitiveWordSchema,
  importSensitiveWordsBody,
  SENSITIVE_IMPORT_MAX_BYTES,
  sensitiveImportResultSchema,
} from '@ld/contract/admin/sensitive-words';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { receiveUploadedFile } from '../../platform/upload.ts';
import { auditActor } from '../operators/public.ts';
import * as words from './words-admin.ts';

const tags = ['admin: sensitive-words'];
const config = { adminArea: 'content' } as const;
const importAnswer = { 200: envelopeOf(sensitiveImportResultSchema) };

/** 敏感词 in the console: list, add one, remove one, import pasted lines or a TXT/CSV file. */
export const sensitiveWordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/sensitive-words',
    {
      config,
      schema: {
        tags,
        summary: '敏感词列表（分页；按 id、word 排序；按包含的文字筛选）',
        querystring: adminSensitiveWordListQuery,
        response: { 200: envelopeOf(adminSensitiveWordPageSchema) },
      },
    },
    async (request) => ok(await words.listWords(deps, request.query)),
  );

  app.post(
    '/sensitive-words',
    {
      config,
      schema: {
        tags,
        summary: '添加一个敏感词（已有的同一个词——大小写、全角半角视为相同——被拒绝）',
        body: addSensitiveWordBody,
        response: { 200: envelopeOf(adminSensitiveWordSchema) },
      },
    },
    async (request) => ok(await words.addWord(deps, auditActor(request), request.body)),
  );

  app.post(
    '/sensitive-words/import',
    {
      config,
      schema: {
        tags,
        summary: '批量导入粘贴的敏感词（每行一个；CSV 取第一列）；重复的计数跳过',
        body: importSensitiveWordsBody,
        response: importAnswer,
      },
    },
    async (request) => ok(await words.importPastedWords(deps, auditActor(request), request.body.text)),
  );

  app.post(
    '/sensitive-words/import-file',
    {
      config,
      schema: {
        tags,
        summary: '从 TXT/CSV 文件导入敏感词（multipart 字段 file；UTF-8 或 GBK；2MB 以内）',
        consumes: ['multipart/form-data'],
        response: importAnswer,
      },
    },
    async (request) => {
      const file = await receiveUploadedFile(request, deps.storage, {
        folder: 'imports',
        maxBytes: SENSITIVE_IMPORT_MAX_BYTES,
        exts: ['txt', 'csv'],
        label: '词表文件',
      });
      try {
        const bytes = (await deps.storage.read(file.key)) ?? Buffer.alloc(0);
        return ok(await words.importWordFile(deps, auditActor(request), bytes, file.filename));
      } finally {
        // The list is what is kept; the file was only its carrier.
        await deps.storage.remove(file.key);
      }
    },
  );

  app.delete(
    '/sensitive-words/:id',
    {
      config,
      schema: { tags, summary: '删除敏感词', params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await words.removeWord(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );
};
