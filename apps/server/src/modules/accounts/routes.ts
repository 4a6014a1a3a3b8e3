import {
  accountSchema,
  avatarAnswer,
  bindBody,
  loginBody,
  phoneLoginBody,
  registerBody,
  resetPasswordBody,
  smsCodeBody,
  uidBody,
  updateInfoBody,
  userStatusSchema,
} from '@ld/contract/accounts';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { limits } from '../../platform/rate-limit.ts';
import { readUploadedImage } from '../../platform/upload.ts';
import * as accounts from './service.ts';
import { sendSmsCode } from './sms-codes.ts';

const tags = ['accounts'];
const accountAnswer = { 200: envelopeOf(accountSchema) };
const nullAnswer = { 200: envelopeOf(z.null()) };
const statusAnswer = { 200: envelopeOf(userStatusSchema) };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/user/smsCode',
    {
      preHandler: optionalUser,
      config: { rateLimit: limits.smsPerIp },
      schema: {
        tags,
        summary:
          '发送短信验证码（login 登录、bind 绑定、reset 改密）；每个手机号每分钟 1 条、每小时 5 条、每天 10 条',
        body: smsCodeBody,
        response: nullAnswer,
      },
    },
    async (request) => {
      await sendSmsCode(deps, { ...request.body, ip: request.ip, callerId: request.user?.id ?? null });
      return ok(null);
    },
  );

  app.post(
    '/user/registerWithName',
    {
      config: { rateLimit: limits.register },
      schema: { tags, summary: '用户名密码注册', body: registerBody, response: accountAnswer },
    },
    async (request) => ok(await accounts.registerWithName(deps, request.body)),
  );

  app.post(
    '/user/login',
    {
      config: { rateLimit: limits.login },
      schema: {
        tags,
        summary: '用户名密码登录；每次登录发新 token',
        body: loginBody,
        response: accountAnswer,
      },
    },
    async (request) => ok(await accounts.login(deps, request.body, request.ip)),
  );

  app.post(
    '/user/loginWithPhone',
    {
      config: { rateLimit: limits.login },
      schema: {
        tags,
        summary: '手机号验证码登录；未注册的手机号自动注册（配置 phoneLoginAutoRegister=0 时除外）',
        body: phoneLoginBody,
        response: accountAnswer,
      },
    },
    async (request) => ok(await accounts.loginWithPhone(deps, request.body, { mayRegister: true })),
  );

  app.post(
    '/user/loginPhoneWithoutRegister',
    {
      config: { rateLimit: limits.login },
      schema: {
        tags,
        summary: '手机号验证码登录，不自动注册',
        body: phoneLoginBody,
        response: accountAnswer,
      },
    },
    async (request) => ok(await accounts.loginWithPhone(deps, request.body, { mayRegister: false })),
  );

  app.post(
    '/user/bind',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.login },
      schema: { tags, summary: '绑定手机号（验证码类型 bind）', body: bindBody, response: accountAnswer },
    },
    async (request) =>
      ok(await accounts.bindPhone(deps, currentUser(request), String(request.headers.token), request.body)),
  );

  app.post(
    '/user/resetPassword',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.login },
      schema: {
        tags,
        summary: '修改密码：原密码，或绑定手机号 + 验证码（类型 reset）；其他设备的登录随之失效',
        body: resetPasswordBody,
        response: nullAnswer,
      },
    },
    async (request) => {
      await accounts.resetPassword(deps, currentUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/user/logout',
    { preHandler: requireUser, schema: { tags, summary: '退出登录；token 随即失效', response: nullAnswer } },
    async (request) => {
      await accounts.logout(deps, currentUser(request));
      return ok(null);
    },
  );

  app.post(
    '/user/center/me',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '用户状态：蓝钻余额、会员等级与到期时间、资料',
        body: uidBody.prefault({}),
        response: statusAnswer,
      },
    },
    // A body uid other than the session's answers code 2 in requireUser (platform/auth.ts).
    async (request) => ok(await accounts.userStatus(deps, currentUser(request).id)),
  );

  app.post(
    '/user/center/updateInfo',
    {
      preHandler: requireUser,
      schema: { tags, summary: '修改昵称、性别、年龄', body: updateInfoBody, response: statusAnswer },
    },
    async (request) => ok(await accounts.updateInfo(deps, currentUser(request).id, request.body)),
  );

  app.post(
    '/user/center/uploadAvatar',
    {
      preHandler: requireUser,
      config: { rateLimit: limits.upload },
      schema: {
        tags,
        summary: '上传头像（multipart 字段 file，JPG/PNG/WebP/GIF，5MB 以内），保存为 256×256 WebP',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(avatarAnswer) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await accounts.uploadAvatar(deps, user.id, await readUploadedImage(request)));
    },
  );
};
