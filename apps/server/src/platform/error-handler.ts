import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from './errors.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  405: '请求方法不被允许',
  406: '请求错误',
  408: '请求超时',
  413: '上传内容过大',
  414: '请求地址过长',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

/**
 * Errors Fastify and its plugins raise before a handler runs, by code: the status to answer and a
 * message naming the part of the request at fault. None of them repeats what the client sent.
 */
const FRAMEWORK_ERRORS: Record<string, { status: number; msg: string }> = {
  FST_ERR_BAD_URL: { status: 400, msg: 'url: 地址含有无效的百分号编码' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: 'url: 路径参数过长，最多 100 个字符' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    msg: 'Content-Type: 不支持的请求体类型，请用 application/x-www-form-urlencoded、application/json 或 multipart/form-data',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, msg: 'Content-Type: 请求头格式不正确' },
  FST_ERR_CTP_EMPTY_TYPE: { status: 400, msg: 'Content-Type: 请求头不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: 'body: 请求体过大，最多 1MB' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: 'body: 请求体长度与 Content-Length 不符' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    msg: 'body: Content-Type 为 application/json 时请求体不能为空',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: 'body: 请求体不是合法的 JSON' },
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msg: 'Content-Type: 请以 multipart/form-data 上传' },
  FST_REQ_FILE_TOO_LARGE: { status: 400, msg: 'file: 文件过大' },
  FST_FILES_LIMIT: { status: 413, msg: 'file: 每次只能上传一个文件' },
  FST_FIELDS_LIMIT: { status: 413, msg: 'body: 表单字段过多' },
  FST_PARTS_LIMIT: { status: 413, msg: 'body: 表单字段过多' },
  FST_PROTO_VIOLATION: { status: 400, msg: 'body: 字段名不合法' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, msg: 'body: 声明为 JSON 的字段不是合法的 JSON' },
  FST_MP_PREMATURE_CLOSE: { status: 400, msg: 'body: 上传中断，请重新上传' },
};

interface Answer {
  status: number;
  body: { code: number; msg: string; data: unknown };
  headers?: Record<string, string>;
}

/** What any error becomes: the one envelope, with its HTTP status (DESIGN §5). */
function answerFor(error: FastifyError, request: FastifyRequest): Answer {
  if (error instanceof AppError) {
    const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
    return {
      status: error.status,
      body: { code: error.code, msg: error.message, data: error.data },
      // Every 429 names its wait in the header too, as the rate limiter's do.
      headers:
        error.status === 429 && typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {},
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field =
      first.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      String(
        (first.params as { issue?: { path?: unknown[] } })?.issue?.path?.[0] ?? error.validationContext ?? '',
      );
    const msg = `${field ? `${field}: ` : ''}${first.message}`;
    return { status: 400, body: { code: ErrorCode.badInput, msg, data: null } };
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return { status: known.status, body: { code: known.status, msg: known.msg, data: null } };
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status === 429) {
    // Only the rate limiter throws a bare 429; its message is ours (platform/rate-limit.ts).
    return { status, body: { code: ErrorCode.tooMany, msg: error.message, data: null } };
  }
  if (isDatabaseUnavailable(error)) {
    // Not a fault of the code: the database is away (restarting, failing over). Said once per
    // request as a warning; the answer invites a retry and nginx retries a read elsewhere.
    request.log.warn({ err: error, url: request.url }, 'database unavailable');
    return {
      status: 503,
      body: { code: ErrorCode.unavailable, msg: '服务暂时不可用，请稍后再试', data: null },
      headers: { 'retry-after': '1' },
    };
  }
  if (status >= 500) {
    request.log.error({ err: error, url: request.url }, 'request failed');
    return {
      status,
      body: { code: ErrorCode.server, msg: STATUS_MESSAGES[status] ?? '服务器内部错误', data: null },
    };
  }
  // Any other 4xx of a plugin: its status, in words of our own (plugin messages may quote input).
  return { status, body: { code: status, msg: STATUS_MESSAGES[status] ?? '请求错误', data: null } };
}

function send(reply: FastifyReply, answer: Answer) {
  return reply
    .status(answer.status)
    .headers(answer.headers ?? {})
    .type('application/json; charset=utf-8')
    .send(answer.body);
}

/**
 * Each route's path with its methods: tells "no such path" (404) from "not with this method" (405).
 * Kept by path as routes are added, and made into patterns at the first request no route took:
 * a pattern per route and a search among them per route was ~30 ms of a cold start (0056).
 */
type RouteIndex = {
  methodsByPath: Map<string, Set<string>>;
  patterns?: Array<{ pattern: RegExp; methods: Set<string> }>;
};
const routeIndexes = new WeakMap<FastifyInstance, RouteIndex>();

/** `/v1/square/post/:id` → a pattern matching one concrete path; `*` matches the rest. */
function pathPattern(url: string): RegExp {
  const body = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * The one place that turns any error into the envelope; 5xx never carries internals. Also takes
 * the errors Fastify answers by itself before routing (a bad or too long URL), which otherwise
 * leave as Fastify's own JSON with the URL in it (see `frameworkErrors`). Install before any route.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => send(reply, answerFor(error, request)));

  const methodsByPath = new Map<string, Set<string>>();
  routeIndexes.set(app, { methodsByPath });
  app.addHook('onRoute', (route) => {
    let methods = methodsByPath.get(route.url);
    if (!methods) {
      methods = new Set();
      methodsByPath.set(route.url, methods);
    }
    for (const method of [route.method].flat()) methods.add(method);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before a route is found, answered like any
 * other. No route means no hooks, so the security headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
  return send(reply, answerFor(error, request));
}

/**
 * The error for a request no route took: 405 with `Allow` when the path exists under other
 * methods, else 404. Neither repeats the path (it is the client's input).
 */
export function routeNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): AppError {
  const path = request.url.split('?')[0];
  const allowed = new Set<string>();
  const index = routeIndexes.get(app);
  if (index) {
    // No route is added once the server is ready, and only then are requests answered.
    index.patterns ??= [...index.methodsByPath].map(([url, methods]) => ({
      pattern: pathPattern(url),
      methods,
    }));
    for (const entry of index.patterns) {
      if (entry.pattern.test(path)) for (const m of entry.methods) allowed.add(m);
    }
  }
  if (allowed.size > 0 && !allowed.has(request.method)) {
    const methods = [...allowed].sort();
    reply.header('allow', methods.join(', '));
    return new AppError(405, `${STATUS_MESSAGES[405]}，该地址只支持 ${methods.join('、')}`, 405, null);
  }
  return new AppError(ErrorCode.notFound, STATUS_MESSAGES[404], 404, null);
}
