import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Where a process is in its life, as the proxy in front of it needs to know (docs/decisions/0056-cluster.md):
 * `draining` from the moment it was asked to stop (SIGTERM) until it exits. While draining, it
 * answers `/api/ready` with 503, takes no new connection, and closes every connection after the
 * answer it is carrying, so nginx stops sending it work without a request being refused.
 */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** An id nginx made (`$request_id`, 32 hex digits) or a client sent, when it is plain enough to log. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when it looks like an id (nginx sets
 * `$request_id`, so one request has one id in nginx's log and in ours), else a new UUID. Every
 * log line of a request carries it as `reqId`, and the answer echoes it.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The process that answered, for `X-Served-By`: `host:port` once listening (one process per
 * port, docs/decisions/0020-several-processes.md), `host:pid` before (tests that inject).
 */
function servedBy(app: FastifyInstance): () => string {
  let name: string | null = null;
  return () => {
    if (name) return name;
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      name = `${os.hostname()}:${address.port}`;
      return name;
    }
    return `${os.hostname()}:pid${process.pid}`;
  };
}

/**
 * Headers every answer carries (`X-Served-By`, `X-Request-Id`), the draining state, and the
 * answer to a request that reaches a process after it began to close: the envelope with 503, so
 * nginx (`proxy_next_upstream http_503`) sends an idempotent request to another process.
 */
export function installLifecycle(app: FastifyInstance): void {
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  const name = servedBy(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Served-By', name());
    reply.header('X-Request-Id', request.id);
    if (lifecycle.draining) reply.header('Connection', 'close');
    if (closing) throw new AppError(ErrorCode.unavailable, '服务正在重启，请稍后再试', 503, null);
  });
}
