import { workListQuery, workParams } from '@ld/contract/content';
import { envelopeOf, errorEnvelope } from '@ld/contract/envelope';
import { videoDetailSchema, videoFileQuery, videoPageSchema } from '@ld/contract/videos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { sendStoredFile } from '../../platform/send-stored-file.ts';
import { registerWorkRoutes } from '../content/public.ts';
import { resumeDemoVideos, stopDemoVideos } from './seed.ts';
import * as videos from './service.ts';

const tags = ['video'];

/**
 * Videos (DESIGN §13, docs/decisions/0038-videos.md): the shared work calls (categories, the page's
 * view, unlock with unit id = the video's id, subscribe) plus the video list, the player's detail
 * and the file.
 */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkRoutes(app, 'video', { unitName: '视频', own: ['list', 'detail'] });

  // Demo clips are made in the background (seed.ts): a server stopped half way finishes them at
  // its next start, and closing stops ffmpeg before the database closes.
  const onError = (error: unknown) => app.log.error({ err: error }, 'demo videos could not be made');
  app.addHook('onReady', async () => {
    if (deps.config.seed) await resumeDemoVideos(deps, onError);
  });
  app.addHook('onClose', async () => {
    await stopDemoVideos(deps);
  });

  app.get(
    '/v1/video/list',
    {
      schema: {
        tags,
        summary:
          '视频列表：分类、标题或作者关键词，sort 1 热门 / 2 最新 / 3 完结；页码或 cursor 翻页；含时长、价格、VIP',
        querystring: workListQuery,
        response: { 200: envelopeOf(videoPageSchema) },
      },
    },
    async (request) => ok(await videos.listVideos(deps, request.query)),
  );

  // The detail only reads, so the server may ask for it while rendering a page
  // (docs/decisions/0050-one-rendering-path.md) without counting a view; the page counts its view with POST /v1/video/:id/view, which
  // registerWorkRoutes answers for every kind (docs/decisions/0046-video-views-apart.md).
  app.get(
    '/v1/video/:id',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          '视频详情（播放页）：时长、封面、进度 { second }；可看时 src 为带签名的限时地址，未解锁时 unlocked false、src null、locked { price, vip, coinNum }；只读，不计播放量',
        params: workParams,
        response: { 200: envelopeOf(videoDetailSchema) },
      },
    },
    async (request) => ok(await videos.getVideo(deps, request.user?.id ?? null, request.params.id)),
  );

  app.get(
    '/v1/video/:id/file',
    {
      schema: {
        tags,
        summary: '视频文件（MP4，支持 Range 拖动；详情 src 的签名地址，数小时内有效）',
        params: workParams,
        querystring: videoFileQuery,
        // The link's signature is refused, or the Range is outside the file.
        response: { 403: errorEnvelope, 416: errorEnvelope },
      },
    },
    async (request, reply) => {
      const key = await videos.openFile(deps, request.params.id, request.query);
      return sendStoredFile(deps.storage, request, reply, key, {
        // Private: the link is the permission; the browser may keep the bytes while it is valid.
        cacheControl: 'private, max-age=3600',
        contentType: 'video/mp4',
        what: '视频',
      });
    },
  );
};
