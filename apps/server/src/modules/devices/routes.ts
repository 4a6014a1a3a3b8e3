import { deviceInitAnswer, deviceInitBody, downloadVisitBody } from '@ld/contract/client-config';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import { registerDeviceHandlers } from './attribution.ts';
import { initDevice, recordDownloadVisit } from './service.ts';

const tags = ['devices'];
const context = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDeviceHandlers(app.deps);
  app.post(
    '/user/device/init',
    {
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '设备初始化：记录设备与渠道访问；返回设备归属的渠道（以首次来源为准）',
        body: deviceInitBody,
        response: { 200: envelopeOf(deviceInitAnswer) },
      },
    },
    async (request) => ok(await initDevice(app.deps, request.body, context(request))),
  );

  app.post(
    '/user/game/download/upload',
    {
      config: { rateLimit: limits.write },
      schema: {
        tags,
        summary: '下载页访问统计（渠道、邀请码），无需登录',
        body: downloadVisitBody.prefault({}),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await recordDownloadVisit(app.deps, request.body, context(request));
      return ok(null);
    },
  );
};
