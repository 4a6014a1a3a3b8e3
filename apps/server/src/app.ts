import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { adminApi } from './modules/admin.ts';
import { modules } from './modules/index.ts';
import { jobs } from './modules/jobs.ts';
import { installAdminWeb } from './platform/admin-web.ts';
import { installCallerUid } from './platform/auth.ts';
import { createCache } from './platform/cache.ts';
import { createChangeFeed } from './platform/changes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Deps } from './platform/deps.ts';
import { frameworkErrors, installErrorHandler } from './platform/error-handler.ts';
import { badInput } from './platform/errors.ts';
import { createEventBus } from './platform/events.ts';
import { MAX_IMAGE_BYTES } from './platform/images.ts';
import { importModule } from './platform/import-module.ts';
import { type PeriodicJob, scheduleJobs } from './platform/jobs.ts';
import { installLifecycle, requestIdOf } from './platform/lifecycle.ts';
import { createMetrics } from './platform/metrics.ts';
import { openapiOptions, swaggerUiOptions } from './platform/openapi.ts';
import { createPaymentProviders } from './platform/payment/create-providers.ts';
import { installRateLimit } from './platform/rate-limit.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { loadSharp } from './platform/sharp.ts';
import { createSmsProvider } from './platform/sms/create-sms-provider.ts';
import { createDiskStorage } from './platform/storage.ts';
import { nulCharacterAt } from './platform/text-input.ts';
import { installChineseValidationMessages } from './platform/validation-messages.ts';
import { installWeb } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry, when METRICS_PORT is set (main.ts serves it on its own address). */
    metrics?: Registry;
  }
  interface FastifyContextConfig {
    /** The body's `appID` names a game, not the portal, so the portal appID check skips the route. */
    gameAppId?: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
  /**
   * The periodic jobs to schedule; every module's by default. A test that takes the schema back
   * to an older migration passes none, so no tick looks for a table that is gone for the while.
   */
  jobs?: readonly PeriodicJob[];
}

export type App = FastifyInstance;

/** Builds the whole HTTP app from a config and an open database; `main.ts` and tests both use it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // A field's rule the contract did not word itself is still told in Chinese (zod's own default).
  installChineseValidationMessages();
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One id per request in every log line, nginx's `$request_id` when it sent one (platform/lifecycle.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Longer than nginx's upstream keepalive_timeout (4 s, deploy/nginx.conf.template): the proxy
    // always lets go of an idle connection first, so it never sends a request into one this
    // process is closing (the classic source of 502s behind a proxy).
    keepAliveTimeout: 65_000,
    // A request that reaches a closing process gets the envelope with 503 (platform/lifecycle.ts).
    return503OnClosing: false,
    // A bad or too long URL is refused before routing; it still leaves as the envelope.
    frameworkErrors,
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
  }).withTypeProvider<ZodTypeProvider>();

  // ioredis is loaded only when there is a Redis to talk to (one process on SQLite needs none).
  const redis = config.redisUrl
    ? new (await importModule<typeof import('ioredis')>('ioredis')).Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
      })
    : null;
  const cache = createCache(redis);
  const clock = options.clock ?? systemClock;
  const deps: Deps = {
    config,
    db,
    clock,
    // Providers are built here, once, from the configuration (DESIGN §16), never in a route plugin.
    sms: createSmsProvider(config, app.log, cache, clock),
    payments: createPaymentProviders(config, db, clock),
    storage: createDiskStorage(path.join(config.dataDir, 'uploads')),
    redis,
    events: createEventBus(),
    cache,
    changes: createChangeFeed(redis, app.log),
    log: app.log,
  };
  app.decorate('deps', deps);
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => {
    await deps.changes.close();
    await redis?.quit();
  });

  installLifecycle(app);
  // Loaded once the server listens, not before (platform/sharp.ts): the first image it resizes
  // then finds it ready. A failure shows here and again at each image that needs it.
  app.addHook('onListen', () => {
    loadSharp().catch((error: unknown) => app.log.error({ err: error }, 'sharp could not be loaded'));
  });
  if (config.metricsPort !== undefined) app.decorate('metrics', createMetrics(app, db));

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; answers are plain JSON, and error envelopes share the route.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandler(app);
  installSecurityHeaders(app);

  // A call may leave its body out, or send `{}` or nothing as JSON: all mean "no fields", so the
  // route's schema applies its defaults (or names the missing field) instead of refusing the body.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    jsonParser(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === null || request.body === undefined) {
      if (request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
    }
    // U+0000 anywhere in an API call is refused on both databases alike (platform/text-input.ts).
    // Pages are not: a link with %00 still opens the app, whose own API calls are refused in words.
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulCharacterAt(value);
      if (at !== null) throw badInput(at || part, '不能包含空字符（U+0000）');
    }
  });
  installCallerUid(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  await app.register(compress, { global: true, threshold: 1024 });
  await installRateLimit(app);
  await app.register(
    swagger,
    // The operator console's calls (/api/admin/v1): an HttpOnly session cookie plus its CSRF
    // token in a header on every write (docs/decisions/0048-operator-console.md).
    openapiOptions(config, {
      adminSession: { type: 'apiKey', in: 'cookie', name: 'ld_admin' },
      adminCsrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    }),
  );
  await app.register(swaggerUi, swaggerUiOptions('/api/docs'));

  // appID rides in the body of every call; an unknown one is refused (DESIGN §5). Routes whose
  // appID names a game (detail, gift list) opt out with `config.gameAppId` (docs/decisions/0003-games-and-money.md).
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.gameAppId) return;
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'appID' in body && String(body.appID) !== String(config.appId)) {
      throw badInput('appID', '未知的应用编号');
    }
  });

  for (const module of modules) {
    await app.register(module, { prefix: '/api' });
  }
  await app.register(adminApi, { prefix: '/api/admin/v1' });
  scheduleJobs(app, options.jobs ?? jobs);
  await installAdminWeb(app);
  await installWeb(app);
  return app;
}
