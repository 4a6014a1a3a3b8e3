import {
  adminBannerListQuery,
  adminBannerPageSchema,
  adminBannerSchema,
  adminHomeSectionPageSchema,
  adminHomeSectionSchema,
  bannerImageSchema,
  createBannerBody,
  homeSectionParams,
  updateBannerBody,
  updateHomeSectionBody,
} from '@ld/contract/admin/home';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { readUploadedImage } from '../../platform/upload.ts';
import { auditActor } from '../operators/public.ts';
import * as home from './admin.ts';

const config = { adminArea: 'content' } as const;
const bannerTags = ['admin: home-banners'];
const sectionTags = ['admin: home-sections'];
const bannerAnswer = { 200: envelopeOf(adminBannerSchema) };
const sectionAnswer = { 200: envelopeOf(adminHomeSectionSchema) };

/** 首页横幅 and 首页栏目 in the console; each save shows on the portal's home at the next request. */
export const homeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/home-banners',
    {
      config,
      schema: {
        tags: bannerTags,
        summary: '首页横幅列表（分页；按 sort、id、createTime 排序；按发布状态筛选）',
        querystring: adminBannerListQuery,
        response: { 200: envelopeOf(adminBannerPageSchema) },
      },
    },
    async (request) => ok(await home.listBanners(deps, request.query)),
  );

  app.get(
    '/home-banners/:id',
    {
      config,
      schema: { tags: bannerTags, summary: '一个首页横幅', params: idParams, response: bannerAnswer },
    },
    async (request) => ok(await home.getBanner(deps, request.params.id)),
  );

  app.post(
    '/home-banners/image',
    {
      config,
      schema: {
        tags: bannerTags,
        summary: '上传横幅图片（multipart 字段 file；JPG/PNG/WebP/GIF，5MB 以内；转为 WebP 存储）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(bannerImageSchema) },
      },
    },
    async (request) => ok(await home.saveBannerImage(deps, await readUploadedImage(request))),
  );

  app.post(
    '/home-banners',
    {
      config,
      schema: { tags: bannerTags, summary: '新建首页横幅', body: createBannerBody, response: bannerAnswer },
    },
    async (request) => ok(await home.createBanner(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/home-banners/:id',
    {
      config,
      schema: {
        tags: bannerTags,
        summary: '修改首页横幅；{ published: true|false } 即发布/下线',
        params: idParams,
        body: updateBannerBody,
        response: bannerAnswer,
      },
    },
    async (request) =>
      ok(await home.updateBanner(deps, auditActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/home-banners/:id',
    {
      config,
      schema: {
        tags: bannerTags,
        summary: '删除首页横幅',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await home.deleteBanner(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/home-sections',
    {
      config,
      schema: {
        tags: sectionTags,
        summary: '首页栏目（热门游戏、漫画、小说、视频、帖子），按首页顺序',
        response: { 200: envelopeOf(adminHomeSectionPageSchema) },
      },
    },
    async () => ok(await home.listSections(deps)),
  );

  app.get(
    '/home-sections/:kind',
    {
      config,
      schema: {
        tags: sectionTags,
        summary: '一个首页栏目',
        params: homeSectionParams,
        response: sectionAnswer,
      },
    },
    async (request) => ok(await home.getSection(deps, request.params.kind)),
  );

  app.patch(
    '/home-sections/:kind',
    {
      config,
      schema: {
        tags: sectionTags,
        summary: '修改首页栏目的标题、顺序；{ published: true|false } 即显示/隐藏',
        params: homeSectionParams,
        body: updateHomeSectionBody,
        response: sectionAnswer,
      },
    },
    async (request) =>
      ok(await home.updateSection(deps, auditActor(request), request.params.kind, request.body)),
  );
};
