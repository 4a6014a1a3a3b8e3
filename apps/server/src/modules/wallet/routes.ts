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
  payMethodSchema,
  payProviders,
  rechargePackSchema,
} from '@ld/contract/wallet';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxPaymentProvider,
} from '../../platform/payment/sandbox-provider.ts';
import { limits } from '../../platform/rate-limit.ts';
import { renderCheckoutPage } from './checkout-page.ts';
import { checkOnReturn } from './reconcile.ts';
import * as wallet from './service.ts';
import { handleNotify } from './settlement.ts';

/** Notifies are small; a provider's is a few KB. */
const NOTIFY_BODY_LIMIT = 64 * 1024;
/** How long a return from the checkout waits for the provider's answer before showing the result page. */
const RETURN_WAIT_MS = 3000;

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['wallet'];

  app.get(
    '/v1/wallet/packs',
    { schema: { tags, summary: '充值档位', response: { 200: envelopeOf(z.array(rechargePackSchema)) } } },
    async () => ok(await wallet.listPacks(deps)),
  );

  app.get(
    '/v1/wallet/pay-methods',
    {
      schema: {
        tags,
        summary: '可用的支付方式（按 PAY_PROVIDERS 的顺序，第一个为默认）',
        response: { 200: envelopeOf(z.array(payMethodSchema)) },
      },
    },
    async () => ok(wallet.listPayMethods(deps)),
  );

  app.post(
    '/order/payInfo',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '创建充值订单；provider 省略时用第一个可用的支付方式',
        body: payInfoBody,
        response: { 200: envelopeOf(payInfoAnswer) },
      },
    },
    async (request) => {
      try {
        return ok(
          await wallet.createOrder(deps, {
            userId: currentUser(request).id,
            packId: request.body.packId,
            provider: request.body.provider,
            clientIp: request.ip,
          }),
        );
      } catch (error) {
        if (error instanceof wallet.CheckoutFailed) {
          request.log.warn({ provider: error.provider, detail: error.detail }, 'payment checkout failed');
        }
        throw error;
      }
    },
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

  // A notify is checked over its body byte for byte (WeChat Pay signs the raw JSON, Alipay the
  // form fields, the sandbox its JSON), so this child scope reads every body as text; every other
  // route keeps its parsed body.
  await app.register(async (scope) => {
    const notifyScope = scope.withTypeProvider<ZodTypeProvider>();
    notifyScope.removeAllContentTypeParsers();
    notifyScope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    notifyScope.post(
      '/v1/pay/notify/:provider',
      {
        schema: {
          tags,
          summary: '支付渠道异步通知（原始报文验签）',
          params: z.object({ provider: z.enum(payProviders, { error: '未知的支付渠道' }) }),
          hide: true,
        },
      },
      async (request, reply) => {
        const provider = deps.payments.get(request.params.provider);
        if (!provider) throw notFound('支付渠道');
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const outcome = await handleNotify(deps, provider, { headers: request.headers, rawBody });
        if (!outcome.ok) {
          request.log.warn({ reason: outcome.reason, provider: provider.name }, 'payment notify refused');
        }
        const answer = provider.answerNotify(outcome.ok);
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });

  // Where Alipay and WeChat Pay send the browser after the checkout: ask the provider if the
  // notify is late, then show the recharge page's result view, which polls the order.
  app.get(
    '/v1/pay/return/:orderId',
    {
      config: { rateLimit: limits.write },
      schema: { tags, summary: '支付完成后返回（转到充值结果页）', params: orderIdParams, hide: true },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const check = checkOnReturn(deps, orderId).catch((err) =>
        request.log.warn({ err, orderId }, 'checking the order on return failed'),
      );
      await Promise.race([check, new Promise((resolve) => setTimeout(resolve, RETURN_WAIT_MS).unref())]);
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(`/recharge?orderId=${encodeURIComponent(orderId)}`, 303);
    },
  );

  const sandbox = deps.payments.get('sandbox');
  if (sandbox instanceof SandboxPaymentProvider) {
    const provider = sandbox;
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
          if (answer.statusCode !== 200) {
            request.log.warn({ orderId: order.orderId, answer: answer.body }, 'sandbox notify was refused');
          }
        }
        return reply.redirect(`/recharge?orderId=${encodeURIComponent(order.orderId)}`, 303);
      },
    );
  }
};
