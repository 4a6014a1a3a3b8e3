import {
  adminLoginBody,
  adminSessionSchema,
  changePasswordBody,
  disableTotpBody,
  totpBody,
  totpSetupSchema,
} from '@ld/contract/admin/session';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import * as account from './account.ts';
import { auditActor, clearSessionCookie, currentOperator, setSessionCookie } from './guard.ts';
import * as sessions from './sessions.ts';
import { isTotpRequired } from './settings.ts';

const tags = ['admin: session'];
const sessionAnswer = { 200: envelopeOf(adminSessionSchema) };
const nullAnswer = { 200: envelopeOf(z.null()) };
const ALL_STAGES = ['totp', 'enrol', 'active'] as const;

/** Login, the second step, the session, logout, and the operator's own account (我的账号). */
export const operatorSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/auth/login',
    {
      config: { adminArea: 'public', rateLimit: limits.login },
      schema: {
        tags,
        summary: '操作员登录（JSON）；开启两步验证的操作员得到 stage=totp 的会话，再提交验证码',
        body: adminLoginBody,
        response: sessionAnswer,
      },
    },
    async (request, reply) => {
      const { token, session } = await sessions.login(deps, request.body, request.ip);
      setSessionCookie(request, reply, token);
      return ok(session);
    },
  );

  app.post(
    '/auth/totp',
    {
      config: { adminArea: 'self', adminStages: ['totp'], rateLimit: limits.login },
      schema: {
        tags,
        summary: '登录第二步：两步验证码；成功后换发新会话',
        body: totpBody,
        response: sessionAnswer,
      },
    },
    async (request, reply) => {
      const { token, session } = await sessions.completeTotp(
        deps,
        currentOperator(request),
        request.body,
        request.ip,
      );
      setSessionCookie(request, reply, token);
      return ok(session);
    },
  );

  app.get(
    '/session',
    {
      config: { adminArea: 'self', adminStages: [...ALL_STAGES] },
      schema: { tags, summary: '当前会话：操作员、阶段、CSRF 令牌', response: sessionAnswer },
    },
    async (request) =>
      ok(await sessions.currentSession(deps, currentOperator(request), String(request.operatorToken))),
  );

  app.post(
    '/auth/logout',
    {
      config: { adminArea: 'self', adminStages: [...ALL_STAGES] },
      schema: { tags, summary: '退出登录；会话在服务器端结束', response: nullAnswer },
    },
    async (request, reply) => {
      await sessions.logout(deps, currentOperator(request));
      clearSessionCookie(request, reply);
      return ok(null);
    },
  );

  app.post(
    '/me/password',
    {
      config: { adminArea: 'self', rateLimit: limits.login },
      schema: {
        tags,
        summary: '修改自己的密码；其他会话随之结束',
        body: changePasswordBody,
        response: nullAnswer,
      },
    },
    async (request) => {
      await account.changeOwnPassword(deps, currentOperator(request), auditActor(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/me/totp/setup',
    {
      config: { adminArea: 'self', adminStages: ['enrol'] },
      schema: {
        tags,
        summary: '开始设置两步验证：新密钥与 otpauth 地址（二维码）',
        response: { 200: envelopeOf(totpSetupSchema) },
      },
    },
    async (request) => ok(await account.startTotpSetup(deps, currentOperator(request))),
  );

  app.post(
    '/me/totp/enable',
    {
      config: { adminArea: 'self', adminStages: ['enrol'], rateLimit: limits.login },
      schema: {
        tags,
        summary: '用验证器中的验证码确认并开启两步验证；强制开启时完成后会话生效',
        body: totpBody,
        response: sessionAnswer,
      },
    },
    async (request, reply) => {
      const operator = currentOperator(request);
      await account.enableTotp(deps, operator, auditActor(request), request.body);
      if (operator.stage === 'enrol') {
        const { token, session } = await sessions.promote(deps, operator, request.ip);
        setSessionCookie(request, reply, token);
        return ok(session);
      }
      const session = await sessions.currentSession(
        deps,
        { ...operator, totpEnabled: true },
        String(request.operatorToken),
      );
      return ok(session);
    },
  );

  app.post(
    '/me/totp/disable',
    {
      config: { adminArea: 'self', rateLimit: limits.login },
      schema: {
        tags,
        summary: '关闭两步验证（需密码与当前验证码；强制开启时不可关闭）',
        body: disableTotpBody,
        response: nullAnswer,
      },
    },
    async (request) => {
      const required = await isTotpRequired(deps.db.kysely);
      await account.disableTotp(deps, currentOperator(request), auditActor(request), request.body, required);
      return ok(null);
    },
  );
};
