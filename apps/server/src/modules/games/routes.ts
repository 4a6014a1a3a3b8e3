import { envelopeOf, errorEnvelope } from '@ld/contract/envelope';
import {
  downloadAnswer,
  downloadBody,
  gameAppIdBody,
  gameIdParams,
  gameListBody,
  gamePageSchema,
  gameSchema,
  gameTypeSchema,
  type PlatformTypeValue,
  packageParams,
  packageQuery,
} from '@ld/contract/games';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { createGuestPages, sendKept } from '../../platform/guest-pages.ts';
import { sendStoredFile } from '../../platform/send-stored-file.ts';
import * as games from './service.ts';

export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['games'];
  // Downloads remember game rows for a moment; a change in any process drops them (0047).
  deps.changes.subscribe('games', () => games.forgetGames(deps));
  // A guest's first page of the list, kept as its JSON until the games change (games.GUEST_GAME_LIST).
  const guestList = createGuestPages(deps, games.GUEST_GAME_LIST, async (query) =>
    JSON.stringify(ok(await games.listGames(deps, null, query))),
  );

  app.post(
    '/web/game/list',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '游戏列表（分类、搜索、分页）；页码翻到前 1000 条，更深用 cursor',
        body: gameListBody,
        response: { 200: envelopeOf(gamePageSchema) },
      },
    },
    async (request, reply) => {
      const kept = request.user === null ? guestList.firstPage(request.body) : null;
      if (!kept) return ok(await games.listGames(deps, request.user?.id ?? null, request.body));
      return sendKept(request, reply as FastifyReply, await kept);
    },
  );

  app.get(
    '/v1/game/types',
    { schema: { tags, summary: '游戏分类（页签）', response: { 200: envelopeOf(z.array(gameTypeSchema)) } } },
    async () => ok(await games.listTypes(deps)),
  );

  app.post(
    '/web/game/detail',
    {
      preHandler: optionalUser,
      // appID here names the game, not the portal (docs/decisions/0003-games-and-money.md).
      config: { gameAppId: true },
      schema: {
        tags,
        summary: '游戏详情（appID 为游戏的应用编号）',
        body: gameAppIdBody,
        response: { 200: envelopeOf(gameSchema) },
      },
    },
    async (request) => ok(await games.getGameByAppId(deps, request.user?.id ?? null, request.body.appID)),
  );

  app.post(
    '/user/game/download/:gameId',
    {
      // Free games need no login; the service asks for one (code 2) only when the game is paid.
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '下载游戏：免费、会员或已购直接下载，否则扣除钻石',
        params: gameIdParams,
        body: downloadBody,
        response: { 200: envelopeOf(downloadAnswer) },
      },
    },
    async (request) =>
      ok(
        await games.downloadGame(
          deps,
          request.user?.id ?? null,
          request.params.gameId,
          request.body.platformType as PlatformTypeValue,
          request.body.deviceID,
        ),
      ),
  );

  app.get(
    '/v1/game/package/:gameId/:platformType',
    {
      schema: {
        tags,
        summary: '安装包（签名链接，10 分钟有效）',
        params: packageParams,
        querystring: packageQuery,
        // The link's signature is refused, or the Range is outside the file.
        response: { 403: errorEnvelope, 416: errorEnvelope },
      },
    },
    async (request, reply) => {
      const found = await games.openPackage(deps, {
        gameId: request.params.gameId,
        platformType: request.params.platformType as PlatformTypeValue,
        ...request.query,
      });
      // Through storage, with ranges, so an interrupted download resumes where it stopped.
      return sendStoredFile(deps.storage, request, reply, found.key, {
        cacheControl: 'private, no-store',
        contentType: found.contentType,
        downloadName: found.filename,
        what: '安装包',
      });
    },
  );
};
