import { envelopeOf } from '@ld/contract/envelope';
import { faqSchema, kefuAnswer, kefuBody } from '@ld/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { leaveKefuMessage, listFaqs } from './service.ts';

const tags = ['support'];
/** Notes to people are read by people: a few a minute is plenty, and it keeps spam out. */
const kefuLimit = { max: 5, timeWindow: '1 minute' };

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/faq',
    {
      schema: { tags, summary: '常见问题列表', response: { 200: envelopeOf(z.array(faqSchema)) } },
    },
    async () => ok(await listFaqs(app.deps)),
  );

  app.post(
    '/user/kefu',
    {
      preHandler: optionalUser,
      config: { rateLimit: kefuLimit },
      schema: {
        tags,
        summary: '联系客服（kind=kefu）或商务合作（kind=business）留言；登录可选',
        body: kefuBody,
        response: { 200: envelopeOf(kefuAnswer) },
      },
    },
    async (request) => ok(await leaveKefuMessage(app.deps, request.user?.id ?? null, request.body)),
  );
};
