import { envelopeOf } from '@ld/contract/envelope';
import { uploadAnswer } from '@ld/contract/square';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import { readUploadedImage } from '../../platform/upload.ts';
import { savePostImage } from './upload-service.ts';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/v1/square/upload',
    {
      schema: {
        tags: ['square'],
        summary: '上传帖子图片（multipart 字段 file；JPG/PNG/WebP/GIF，5MB 以内）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(uploadAnswer) },
      },
      preHandler: requireUser,
      config: { rateLimit: limits.upload },
    },
    async (request) => {
      currentUser(request);
      return ok(await savePostImage(deps, await readUploadedImage(request)));
    },
  );
};
