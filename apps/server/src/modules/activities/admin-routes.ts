import {
  activityBannerImageSchema,
  activityTaskIdParams,
  adminActivityListQuery,
  adminActivityPageSchema,
  adminActivitySchema,
  createActivityBody,
  createTaskBody,
  updateActivityBody,
  updateTaskBody,
} from '@ld/contract/admin/activities';
import { idParams } from '@ld/contract/admin/list';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { readUploadedImage } from '../../platform/upload.ts';
import { auditActor } from '../operators/public.ts';
import * as activities from './admin.ts';

const tags = ['admin: activities'];
const config = { adminArea: 'content' } as const;
const activityAnswer = { 200: envelopeOf(adminActivitySchema) };

/**
 * 活动中心 in the console: activities (list, get, create, update, delete, banner upload) and their
 * tasks (add, update, delete). Deleting is for what nobody took part in; otherwise 下线.
 */
export const activityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/activities',
    {
      config,
      schema: {
        tags,
        summary: '活动列表（分页；按开始、结束时间或 id 排序；按标题、状态筛选）',
        querystring: adminActivityListQuery,
        response: { 200: envelopeOf(adminActivityPageSchema) },
      },
    },
    async (request) => ok(await activities.listActivityEntries(deps, request.query)),
  );

  app.get(
    '/activities/:id',
    {
      config,
      schema: {
        tags,
        summary: '一个活动及其任务（含各任务的领取人数）',
        params: idParams,
        response: activityAnswer,
      },
    },
    async (request) => ok(await activities.getActivity(deps, request.params.id)),
  );

  app.post(
    '/activities/banner',
    {
      config,
      schema: {
        tags,
        summary: '上传活动横幅（multipart 字段 file；JPG/PNG/WebP/GIF，5MB 以内；转为 WebP 存储；16:9）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(activityBannerImageSchema) },
      },
    },
    async (request) => ok(await activities.saveActivityBanner(deps, await readUploadedImage(request))),
  );

  app.post(
    '/activities',
    {
      config,
      schema: {
        tags,
        summary: '新建活动（时间窗口 [开始, 结束)；规则为 HTML，保存时清洗）',
        body: createActivityBody,
        response: activityAnswer,
      },
    },
    async (request) => ok(await activities.createActivity(deps, auditActor(request), request.body)),
  );

  app.patch(
    '/activities/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改活动',
        params: idParams,
        body: updateActivityBody,
        response: activityAnswer,
      },
    },
    async (request) =>
      ok(await activities.updateActivity(deps, auditActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/activities/:id',
    {
      config,
      schema: {
        tags,
        summary: '删除活动及其任务；已有用户参与（领取过奖励）的活动不能删除，请下线',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await activities.deleteActivity(deps, auditActor(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/activities/:id/tasks',
    {
      config,
      schema: {
        tags,
        summary: '给活动添加任务（类型、目标次数、奖励钻石）',
        params: idParams,
        body: createTaskBody,
        response: activityAnswer,
      },
    },
    async (request) =>
      ok(await activities.createTask(deps, auditActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/activities/:id/tasks/:tid',
    {
      config,
      schema: {
        tags,
        summary: '修改任务；已有用户领取的任务不能改奖励钻石',
        params: activityTaskIdParams,
        body: updateTaskBody,
        response: activityAnswer,
      },
    },
    async (request) =>
      ok(
        await activities.updateTask(
          deps,
          auditActor(request),
          request.params.id,
          request.params.tid,
          request.body,
        ),
      ),
  );

  app.delete(
    '/activities/:id/tasks/:tid',
    {
      config,
      schema: {
        tags,
        summary: '删除任务；已有用户领取的任务不能删除，请停用',
        params: activityTaskIdParams,
        response: activityAnswer,
      },
    },
    async (request) =>
      ok(await activities.deleteTask(deps, auditActor(request), request.params.id, request.params.tid)),
  );
};
