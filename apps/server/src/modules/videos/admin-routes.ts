import { idParams } from '@ld/contract/admin/list';
import { adminVideoPageSchema, adminVideoSchema } from '@ld/contract/admin/videos';
import { adminWorkListQuery, updateWorkBody, workCategorySchema } from '@ld/contract/admin/works';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { receiveUploadedFile } from '../../platform/upload.ts';
import { listCategories } from '../content/public.ts';
import { auditActor } from '../operators/public.ts';
import * as videos from './admin-service.ts';

const tags = ['admin: videos'];
const config = { adminArea: 'content' } as const;
const videoAnswer = { 200: envelopeOf(adminVideoSchema) };

/** 视频 in the console: list, categories, one video, the MP4 upload, and edits (title, intro, published). */
export const videoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/videos',
    {
      config,
      schema: {
        tags,
        summary: '视频列表（含草稿；分页；按 id、createTime、title 排序；按标题、分类、发布状态筛选）',
        querystring: adminWorkListQuery,
        response: { 200: envelopeOf(adminVideoPageSchema) },
      },
    },
    async (request) => ok(await videos.listAdminVideos(deps, request.query)),
  );

  app.get(
    '/videos/categories',
    {
      config,
      schema: { tags, summary: '视频分类', response: { 200: envelopeOf(z.array(workCategorySchema)) } },
    },
    async () => ok(await listCategories(deps, 'video')),
  );

  app.get(
    '/videos/:id',
    { config, schema: { tags, summary: '一个视频（含草稿）', params: idParams, response: videoAnswer } },
    async (request) => ok(await videos.getAdminVideo(deps, request.params.id)),
  );

  app.post(
    '/videos',
    {
      config,
      schema: {
        tags,
        summary:
          '上传视频（multipart：先 title、categoryId，可选 intro、author、price、vip、published，最后字段 file；MP4/MOV/WebM；流式写入，超过 VIDEO_MAX_MB 答 413；到达即取第 1 秒画面为封面；无法识别的文件答 400）',
        consumes: ['multipart/form-data'],
        response: videoAnswer,
      },
    },
    async (request) =>
      ok(
        await videos.uploadVideo(deps, auditActor(request), (options) =>
          receiveUploadedFile(request, deps.storage, options),
        ),
      ),
  );

  app.patch(
    '/videos/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改视频（标题、简介等）；{ published: true|false } 即发布/下线',
        params: idParams,
        body: updateWorkBody,
        response: videoAnswer,
      },
    },
    async (request) =>
      ok(await videos.updateVideo(deps, auditActor(request), request.params.id, request.body)),
  );
};
