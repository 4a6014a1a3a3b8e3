import { envelopeOf } from '@ld/contract/envelope';
import { vipOpenBody, vipPlanSchema, vipStatusSchema } from '@ld/contract/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as vip from './service.ts';

export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['vip'];

  app.post(
    '/vip/vipconfig',
    { schema: { tags, summary: '会员套餐', response: { 200: envelopeOf(z.array(vipPlanSchema)) } } },
    async () => ok(await vip.listPlans(deps)),
  );

  app.post(
    '/vip/vipopen',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '开通或续费会员（钻石支付）',
        body: vipOpenBody,
        response: { 200: envelopeOf(vipStatusSchema) },
      },
    },
    async (request) =>
      ok(await vip.openVip(deps, currentUser(request).id, request.body.vipType, request.body.requestId)),
  );
};
