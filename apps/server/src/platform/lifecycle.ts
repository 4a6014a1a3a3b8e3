import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Where a process is in its life, as the proxy in front of it needs to know (docs/decisions/0056-cluster.md):
 * `draining` from the moment it was asked to stop (SIGTERM) until it exits. While draining, it
 * answers reads (GET, HEAD; `/api/ready` among them) with 503, which nginx sends again to another
 * process and counts as this one failing, so it stops sending it anything; writes are still
 * served; every answer closes its connection. main.ts closes the listening socket only once
 * requests have stopped coming.
 */
export interface Lifecycle {
  draining: boolean;
  /** When the last request arrived (ms, monotonic), so a drain can tell that nginx has moved on. */
  lastRequestAt: number;
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
  const lifecycle: Lifecycle = { draining: false, lastRequestAt: 0 };
  app.decorate('lifecycle', lifecycle);
  const name = servedBy(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Served-By', name());
    reply.header('X-Request-Id', request.id);
    lifecycle.lastRequestAt = performance.now();
    if (lifecycle.draining) reply.header('Connection', 'close');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (closing || (lifecycle.draining && isRead)) {
      throw new AppError(ErrorCode.unavailable, '服务正在重启，请稍后再试', 503, null);
    }
  });
}
