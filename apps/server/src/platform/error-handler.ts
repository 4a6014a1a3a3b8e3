import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  408: '请求超时',
  413: '上传内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

/** The one place that turns any error into the envelope; 5xx never carries internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, msg: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field =
        first.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        String(
          (first.params as { issue?: { path?: unknown[] } })?.issue?.path?.[0] ??
            error.validationContext ??
            '',
        );
      const message = `${field ? `${field}: ` : ''}${first.message}`;
      return reply.status(400).send({ code: ErrorCode.badInput, msg: message, data: null });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({ code: ErrorCode.tooMany, msg: error.message, data: null });
    }
    if (status >= 500) {
      request.log.error({ err: error, url: request.url }, 'request failed');
      return reply
        .status(status)
        .send({ code: ErrorCode.server, msg: STATUS_MESSAGES[status] ?? '服务器内部错误', data: null });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): say what, without internals.
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? STATUS_MESSAGES[415]
        : (STATUS_MESSAGES[status] ?? '请求错误');
    const detail = status === 400 && error.code?.startsWith('FST_ERR_CTP') ? '：请求体格式不正确' : '';
    return reply.status(status).send({ code: status, msg: msg + detail, data: null });
  });
}
