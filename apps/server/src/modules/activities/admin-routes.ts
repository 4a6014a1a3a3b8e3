import {
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
import { ok } from '../../platform/envelope.ts';
import { auditActor } from '../operators/public.ts';
import * as activities from './admin.ts';

const tags = ['admin: activities'];
const config = { adminArea: 'content' } as const;
const activityAnswer = { 200: envelopeOf(adminActivitySchema) };

/** 活动中心 in the console: activities (list, get, create, update) and their tasks (add, update). */
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
};
