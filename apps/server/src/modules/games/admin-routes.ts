import {
  adminGameListQuery,
  adminGamePageSchema,
  adminGameSchema,
  adminGameTypeSchema,
  createGameBody,
  createGameTypeBody,
  moveGameBody,
  packagePlatformParams,
  updateGameBody,
} from '@ld/contract/admin/games';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { readUploadedImage, receiveUploadedFile } from '../../platform/upload.ts';
import { auditActor } from '../operators/public.ts';
import * as games from './admin-service.ts';

const tags = ['admin: games'];
const config = { adminArea: 'content' } as const;
const gameAnswer = { 200: envelopeOf(adminGameSchema) };

/**
 * 游戏 in the console: list (paging, sorting, filters by name, type, published), one game, create,
 * edit (also publish/unpublish and the screenshots' order), move up/down, and the game types.
 * Pictures are multipart uploads (field `file`), re-encoded as the portal's own uploads are.
 */
export const gameAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/games',
    {
      config,
      schema: {
        tags,
        summary:
          '游戏列表（分页；按 sort、id、name、downloadCount、updateTime 排序；按名称、分类、发布状态筛选）',
        querystring: adminGameListQuery,
        response: { 200: envelopeOf(adminGamePageSchema) },
      },
    },
    async (request) => ok(await games.listAdminGames(deps, request.query)),
  );

  app.get(
    '/games/:id',
    { config, schema: { tags, summary: '一个游戏（含草稿）', params: idParams, response: gameAnswer } },
    async (request) => ok(await games.getAdminGame(deps, request.params.id)),
  );

  app.post(
    '/games',
    {
      config,
      schema: {
        tags,
        summary: '新建游戏（JSON；草稿，上传图标后可发布）',
        body: createGameBody,
        response: gameAnswer,
      },
    },
    async (request) => ok(await games.createGame(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/games/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改游戏；{ published: true|false } 即发布/下线；screenshots 调整截图顺序或删除',
        params: idParams,
        body: updateGameBody,
        response: gameAnswer,
      },
    },
    async (request) => ok(await games.updateGame(deps, auditActor(request), request.params.id, request.body)),
  );

  app.post(
    '/games/:id/move',
    {
      config,
      schema: {
        tags,
        summary: '在门户的游戏顺序中上移或下移一位',
        params: idParams,
        body: moveGameBody,
        response: gameAnswer,
      },
    },
    async (request) =>
      ok(await games.moveGame(deps, auditActor(request), request.params.id, request.body.direction)),
  );

  app.get(
    '/game-types',
    {
      config,
      schema: {
        tags,
        summary: '游戏分类（门户的页签）及各分类的游戏数',
        response: { 200: envelopeOf(z.array(adminGameTypeSchema)) },
      },
    },
    async () => ok(await games.listGameTypes(deps)),
  );

  app.post(
    '/game-types',
    {
      config,
      schema: {
        tags,
        summary: '新建游戏分类',
        body: createGameTypeBody,
        response: { 200: envelopeOf(adminGameTypeSchema) },
      },
    },
    async (request) => ok(await games.createGameType(deps, auditActor(request), request.body)),
  );

  app.post(
    '/games/:id/icon',
    {
      config,
      schema: {
        tags,
        summary: '上传游戏图标（multipart 字段 file；JPG/PNG/WebP/GIF，5MB 以内；裁成正方形并转为 WebP）',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: gameAnswer,
      },
    },
    async (request) =>
      ok(
        await games.uploadIcon(
          deps,
          auditActor(request),
          request.params.id,
          await readUploadedImage(request),
        ),
      ),
  );

  app.post(
    '/games/:id/screenshots',
    {
      config,
      schema: {
        tags,
        summary: '添加一张游戏截图（multipart 字段 file；5MB 以内；转为 WebP），排在最后',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: gameAnswer,
      },
    },
    async (request) =>
      ok(
        await games.addScreenshot(
          deps,
          auditActor(request),
          request.params.id,
          await readUploadedImage(request),
        ),
      ),
  );

  app.post(
    '/games/:id/packages/:platform',
    {
      config,
      schema: {
        tags,
        summary:
          '上传安装包（multipart 字段 file；安卓 .apk、iOS .ipa；流式写入存储，超过 PACKAGE_MAX_MB 答 413）；替换该平台原有的安装包',
        consumes: ['multipart/form-data'],
        params: packagePlatformParams,
        response: gameAnswer,
      },
    },
    async (request) =>
      ok(
        await games.uploadPackage(
          deps,
          auditActor(request),
          request.params.id,
          request.params.platform,
          (options) => receiveUploadedFile(request, deps.storage, options),
        ),
      ),
  );
};
