import { envelopeOf, pageQuery } from '@ld/contract/envelope';
import { gameAppIdBody } from '@ld/contract/games';
import {
  claimAnswer,
  giftCenterPageSchema,
  giftPackSchema,
  myGiftPageSchema,
  myGiftQuery,
  packIdParams,
} from '@ld/contract/gifts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import * as gifts from './service.ts';

export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['gifts'];

  app.post(
    '/web/game/detail/giftlist',
    {
      preHandler: optionalUser,
      // appID here names the game, not the portal (docs/decisions/0003-games-and-money.md).
      config: { gameAppId: true },
      schema: {
        tags,
        summary: '游戏的礼包（库存与我领到的码）',
        body: gameAppIdBody,
        response: { 200: envelopeOf(z.array(giftPackSchema)) },
      },
    },
    async (request) => ok(await gifts.listPacksOfGame(deps, request.user?.id ?? null, request.body.appID)),
  );

  app.post(
    '/v1/gift/:packId/claim',
    {
      // No rate limit: one code per user per pack bounds it, and a crowd behind one IP may claim at once.
      preHandler: requireUser,
      schema: {
        tags,
        summary: '领取礼包码',
        params: packIdParams,
        response: { 200: envelopeOf(claimAnswer) },
      },
    },
    async (request) => ok(await gifts.claimCode(deps, currentUser(request).id, request.params.packId)),
  );

  app.get(
    '/v1/gift/me',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的礼包码（奖励礼包）；页码翻到前 1000 条，更深用 cursor',
        querystring: myGiftQuery,
        response: { 200: envelopeOf(myGiftPageSchema) },
      },
    },
    async (request) => ok(await gifts.listMyCodes(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/v1/gift/center',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: '礼包中心：正在发放、还有余量的礼包；页码翻到前 1000 条，更深用 cursor',
        querystring: pageQuery,
        response: { 200: envelopeOf(giftCenterPageSchema) },
      },
    },
    async (request) => ok(await gifts.listGiftCenter(deps, request.user?.id ?? null, request.query)),
  );
};
