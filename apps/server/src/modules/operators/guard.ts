import { timingSafeEqual } from 'node:crypto';
import {
  ADMIN_AREAS,
  type AdminArea,
  AdminCode,
  CSRF_HEADER,
  canUse,
  ROLE_LABELS,
  type SessionStage,
} from '@ld/contract/admin/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { AuditActor } from './audit.ts';
import {
  csrfTokenOf,
  OPERATOR_SESSION_MS,
  type OperatorIdentity,
  resolveSession,
  signedOut,
} from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every route under /api/admin/v1 names its area (roles allowed: ADMIN_AREAS), or `public` (the
     * login only). A route without one fails when the app is built.
     */
    adminArea?: AdminArea | 'public';
    /** Session stages the route serves besides `active` (the login's second step, enrolment). */
    adminStages?: SessionStage[];
  }
  interface FastifyRequest {
    operator: OperatorIdentity | null;
    /** The operator session token from the cookie (for the CSRF token and promotion). */
    operatorToken: string | null;
  }
}

/** The session cookie: HttpOnly, SameSite=Strict, sent only to the admin API. */
export const ADMIN_COOKIE = 'ld_admin';
const COOKIE_PATH = '/api/admin';

function cookieToken(request: FastifyRequest): string | null {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === ADMIN_COOKIE) return value.join('=') || null;
  }
  return null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${ADMIN_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${OPERATOR_SESSION_MS / 1000}${secure}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${ADMIN_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`,
  );
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const rolesOf = (area: AdminArea) => ADMIN_AREAS[area].map((r) => ROLE_LABELS[r]).join('、');

/**
 * The admin API's door, run on every admin route as `onRequest` — before the body is read or
 * checked, so a refused caller gets its 401/403 whatever it sent, and nothing changes:
 * 1. the route's area (a route without one is refused by `installAdminGuard` at build time);
 * 2. the session from the cookie: none, expired, ended or disabled → 401;
 * 3. on a write, the CSRF header must match the session's token → 403;
 * 4. the stage: a half-done login reaches only its next step (code 4101 / 4102);
 * 5. the role against the area (ADMIN_AREAS) → 403 naming the roles that may.
 * Portal users' `uid`/`token` headers mean nothing here.
 */
async function guard(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const { adminArea: area, adminStages } = request.routeOptions.config;
  if (area === 'public') {
    // The login takes JSON only: a cross-site form cannot send it without the browser asking first.
    if (
      request.method !== 'GET' &&
      !String(request.headers['content-type'] ?? '').startsWith('application/json')
    ) {
      throw new AppError(415, 'Content-Type: 请以 application/json 提交', 415);
    }
    return;
  }
  if (!area) throw new AppError(403, '拒绝访问', 403);
  const token = cookieToken(request);
  const operator = token ? await resolveSession(this.deps, token) : null;
  if (!operator || !token) throw signedOut(token ? '登录已过期，请重新登录' : '请先登录');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, csrfTokenOf(token))) {
      throw new AppError(AdminCode.forbidden, '请求校验失败，请刷新页面后重试', 403);
    }
  }
  if (operator.stage !== 'active' && !adminStages?.includes(operator.stage)) {
    throw operator.stage === 'totp'
      ? new AppError(AdminCode.totpRequired, '请先输入两步验证码', 401)
      : new AppError(AdminCode.enrolRequired, '管理员要求开启两步验证，请先完成设置', 403);
  }
  if (!canUse(operator.role, area)) {
    throw new AppError(AdminCode.forbidden, `没有权限：仅${rolesOf(area)}可以使用`, 403);
  }
  request.operator = operator;
  request.operatorToken = token;
}

/** The security schemes every admin route declares in the OpenAPI document. */
export const ADMIN_SECURITY = [{ adminSession: [], adminCsrf: [] }];

/**
 * Installs the guard in the admin scope (the plugin that registers every admin route) and makes
 * each route declare its area; documents the session in every route's schema.
 */
export function installAdminGuard(scope: FastifyInstance): void {
  scope.decorateRequest('operator', null);
  scope.decorateRequest('operatorToken', null);
  scope.addHook('onRoute', (route) => {
    const area = route.config?.adminArea;
    if (!area) throw new Error(`admin route ${route.method} ${route.url} names no config.adminArea`);
    if (area !== 'public' && route.schema && !route.schema.security) {
      route.schema = { ...route.schema, security: ADMIN_SECURITY };
    }
  });
  scope.addHook('onRequest', guard);
}

/** The operator of a request that passed the guard. */
export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw signedOut();
  return request.operator;
}

/** Who and from where, for the audit row of the request's write. */
export const auditActor = (request: FastifyRequest): AuditActor => ({
  operatorId: currentOperator(request).id,
  ip: request.ip,
});
