import { envelopeOf } from '@ld/contract/envelope';
import {
  coinAllBody,
  coinOrderBody,
  ledgerPageSchema,
  orderIdParams,
  orderPageSchema,
  orderSchema,
  payInfoAnswer,
  payInfoBody,
  rechargePackSchema,
} from '@ld/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { createPaymentProvider } from '../../platform/payment/create-provider.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxPaymentProvider,
} from '../../platform/payment/sandbox-provider.ts';
import { limits } from '../../platform/rate-limit.ts';
import { renderCheckoutPage } from './checkout-page.ts';
import * as wallet from './service.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const provider = createPaymentProvider(deps.config, deps.db, deps.clock);
  const tags = ['wallet'];

  app.get(
    '/v1/wallet/packs',
    { schema: { tags, summary: '充值档位', response: { 200: envelopeOf(z.array(rechargePackSchema)) } } },
    async () => ok(await wallet.listPacks(deps)),
  );

  app.post(
    '/order/payInfo',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '创建充值订单',
        body: payInfoBody,
        response: { 200: envelopeOf(payInfoAnswer) },
      },
    },
    async (request) =>
      ok(await wallet.createOrder(deps, provider, currentUser(request).id, request.body.packId)),
  );

  app.post(
    '/user/center/coin/all',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的钻石明细；页码翻到前 1000 条，更深用 cursor',
        body: coinAllBody,
        response: { 200: envelopeOf(ledgerPageSchema) },
      },
    },
    async (request) => ok(await wallet.listLedger(deps, currentUser(request).id, request.body)),
  );

  app.post(
    '/user/center/coin/order',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的充值订单；页码翻到前 1000 条，更深用 cursor',
        body: coinOrderBody,
        response: { 200: envelopeOf(orderPageSchema) },
      },
    },
    async (request) => ok(await wallet.listOrders(deps, currentUser(request).id, request.body)),
  );

  app.get(
    '/v1/wallet/order/:orderId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '查询我的一个订单（支付结果页轮询）',
        params: orderIdParams,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => ok(await wallet.getOwnOrder(deps, currentUser(request).id, request.params.orderId)),
  );

  // The notify needs its body byte for byte to check the signature, so this child plugin reads
  // JSON as a string; every other route keeps the parsed body.
  await app.register(async (notifyScope) => {
    notifyScope.removeContentTypeParser(['application/json', 'text/plain']);
    notifyScope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    notifyScope.post(
      `/v1/pay/notify/${provider.name}`,
      { schema: { tags, summary: '支付渠道异步通知（原始报文验签）', hide: true } },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const outcome = await wallet.handleNotify(deps, provider, request.headers, rawBody);
        if (!outcome.ok) request.log.warn({ reason: outcome.reason }, 'payment notify refused');
        return reply
          .status(outcome.ok ? 200 : 400)
          .type('text/plain; charset=utf-8')
          .send(outcome.ok ? provider.successText : provider.failureText);
      },
    );
  });

  if (provider instanceof SandboxPaymentProvider) {
    app.get(
      '/v1/pay/sandbox/checkout/:orderId',
      { schema: { tags, summary: '沙箱收银台页面', params: orderIdParams, hide: true } },
      async (request, reply) => {
        const view = await wallet.getCheckout(deps, request.params.orderId);
        return reply
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderCheckoutPage(view));
      },
    );

    app.post(
      '/v1/pay/sandbox/checkout/:orderId/confirm',
      {
        config: { rateLimit: limits.write },
        schema: { tags, summary: '沙箱收银台：确认支付', params: orderIdParams, hide: true },
      },
      async (request, reply) => {
        const { order } = await wallet.getCheckout(deps, request.params.orderId);
        if (order.status === 'created') {
          // Deliver the notify through the whole HTTP pipeline, as the provider's server would.
          const signed = await provider.signNotify(
            {
              orderId: order.orderId,
              amount: order.amount,
              txnId: `SBX${order.orderId}`,
              paidAt: deps.clock.now(),
            },
            Math.floor(deps.clock.now() / 1000),
          );
          const answer = await app.inject({
            method: 'POST',
            url: `/api/v1/pay/notify/${provider.name}`,
            payload: signed.rawBody,
            headers: {
              'content-type': 'application/json',
              [SANDBOX_TIMESTAMP_HEADER]: signed.timestamp,
              [SANDBOX_SIGNATURE_HEADER]: signed.signature,
            },
          });
          if (answer.body !== provider.successText) {
            request.log.warn({ orderId: order.orderId, answer: answer.body }, 'sandbox notify was refused');
          }
        }
        return reply.redirect(`/recharge?orderId=${encodeURIComponent(order.orderId)}`, 303);
      },
    );
  }
};
