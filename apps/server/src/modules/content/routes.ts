import {
  categorySchema,
  clearHistoryQuery,
  historyEntryParams,
  historyPageSchema,
  progressBody,
  progressSchema,
  readingSettingsBody,
  readingSettingsSchema,
  shelfQuery,
  subscriptionPageSchema,
  unitListQuery,
  unitPageSchema,
  unitParams,
  unlockAnswer,
  WORK_KIND_TEXT,
  type WorkKind,
  workDetailSchema,
  workListQuery,
  workPageSchema,
  workParams,
  workViewBody,
  workViewSchema,
} from '@ld/contract/content';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { unlockUnit } from './access-service.ts';
import { getWork, listCategories, listUnits, listWorks } from './catalogue-service.ts';
import { getSettings, putSettings } from './settings-service.ts';
import {
  clearHistory,
  listHistory,
  listSubscriptions,
  removeHistory,
  saveProgress,
  subscribe,
  unsubscribe,
} from './shelf-service.ts';
import { recordView, viewerOf } from './views-service.ts';

const tags = ['content'];

/**
 * The calls every kind of work answers the same way (DESIGN §13), under `/v1/{kind}/…`: list,
 * categories, detail, the page's view, the unit menu (`unitsPath`: chapters, episodes), unlock,
 * subscribe. Each kind's module registers them and adds its own unit body route.
 */
export function registerWorkRoutes(
  fastify: FastifyInstance,
  kind: WorkKind,
  paths: {
    /** The unit menu's path (chapters, episodes); none for a kind whose works have one unit (video). */
    unitsPath?: string;
    unitName: string;
    /** Calls the kind answers itself with its own shapes (videos: list and detail). */
    own?: Array<'list' | 'detail'>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const name = WORK_KIND_TEXT[kind];
  const kindTags = [kind];
  const own = paths.own ?? [];

  if (!own.includes('list'))
    app.get(
      `/v1/${kind}/list`,
      {
        schema: {
          tags: kindTags,
          summary: `${name}列表：分类、书名或作者关键词，sort 1 热门 / 2 最新 / 3 完结；页码或 cursor 翻页`,
          querystring: workListQuery,
          response: { 200: envelopeOf(workPageSchema) },
        },
      },
      async (request) => ok(await listWorks(deps, kind, request.query)),
    );

  app.get(
    `/v1/${kind}/categories`,
    {
      schema: {
        tags: kindTags,
        summary: `${name}分类（页签）`,
        response: { 200: envelopeOf(z.array(categorySchema)) },
      },
    },
    async () => ok(await listCategories(deps, kind)),
  );

  if (!own.includes('detail'))
    app.get(
      `/v1/${kind}/:id`,
      {
        preHandler: optionalUser,
        schema: {
          tags: kindTags,
          summary: `${name}详情：含是否已订阅与阅读进度（登录时）；只读，不计浏览量`,
          params: workParams,
          response: { 200: envelopeOf(workDetailSchema) },
        },
      },
      async (request) => ok(await getWork(deps, kind, request.user?.id ?? null, request.params.id)),
    );

  // A work page's view, apart from the detail: the detail only reads, so the server may ask for it
  // for a page's HTML (first data) and clients may refetch it without counting
  // (docs/decisions/0046-video-views-apart.md).
  app.post(
    `/v1/${kind}/:id/view`,
    {
      preHandler: optionalUser,
      schema: {
        tags: kindTags,
        summary: `${name}页面计一次${kind === 'video' ? '播放' : '浏览'}：每人（游客按 deviceId，没有时按 IP）每天计一次，重复调用不再计；返回含本次在内的 viewCount 与本次是否计入 counted`,
        params: workParams,
        body: workViewBody.prefault({}),
        response: { 200: envelopeOf(workViewSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.user?.id ?? null, request.body.deviceId, request.ip);
      return ok(await recordView(deps, kind, request.params.id, viewer));
    },
  );

  if (paths.unitsPath !== undefined)
    app.get(
      `/v1/${kind}/:id/${paths.unitsPath}`,
      {
        preHandler: optionalUser,
        schema: {
          tags: kindTags,
          summary: `${paths.unitName}目录：order asc/desc，cursor 翻页或 from 从第几章起（跳到当前章），pageSize 最多 500；含免费/VIP/价格、已解锁、已读`,
          params: workParams,
          querystring: unitListQuery,
          response: { 200: envelopeOf(unitPageSchema) },
        },
      },
      async (request) =>
        ok(await listUnits(deps, kind, request.user?.id ?? null, request.params.id, request.query)),
    );

  app.post(
    `/v1/${kind}/:id/unit/:unitId/unlock`,
    {
      preHandler: requireUser,
      schema: {
        tags: kindTags,
        summary: `购买${paths.unitName}：每人每${paths.unitName}只扣一次；会员免费看 VIP ${paths.unitName}；余额不足 1001`,
        params: unitParams,
        response: { 200: envelopeOf(unlockAnswer) },
      },
    },
    async (request) =>
      ok(await unlockUnit(deps, kind, currentUser(request).id, request.params.id, request.params.unitId)),
  );

  app.post(
    `/v1/${kind}/:id/subscribe`,
    {
      preHandler: requireUser,
      schema: {
        tags: kindTags,
        summary: `订阅${name}（加入书架）`,
        params: workParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await subscribe(deps, kind, currentUser(request).id, request.params.id)),
  );

  app.delete(
    `/v1/${kind}/:id/subscribe`,
    {
      preHandler: requireUser,
      schema: {
        tags: kindTags,
        summary: `取消订阅${name}`,
        params: workParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await unsubscribe(deps, kind, currentUser(request).id, request.params.id)),
  );
}

/** The calls shared by every kind: subscriptions, progress, history, reading settings. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/v1/subscriptions',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '我的订阅（书架）：kind 筛选，cursor 翻页；newUnits 为上次阅读后的新更新数',
        querystring: shelfQuery,
        response: { 200: envelopeOf(subscriptionPageSchema) },
      },
    },
    async (request) => ok(await listSubscriptions(deps, currentUser(request).id, request.query)),
  );

  app.put(
    '/v1/progress',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '保存阅读进度（JSON）：客户端时间更新者胜，更旧的不覆盖；答存储的进度',
        body: progressBody,
        response: { 200: envelopeOf(progressSchema) },
      },
    },
    async (request) => ok(await saveProgress(deps, currentUser(request).id, request.body)),
  );

  app.get(
    '/v1/history',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '阅读记录：按最近阅读排序，kind 筛选，cursor 翻页',
        querystring: shelfQuery,
        response: { 200: envelopeOf(historyPageSchema) },
      },
    },
    async (request) => ok(await listHistory(deps, currentUser(request).id, request.query)),
  );

  app.delete(
    '/v1/history/:kind/:workId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '删除一条阅读记录（进度保留）',
        params: historyEntryParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) =>
      ok(await removeHistory(deps, currentUser(request).id, request.params.kind, request.params.workId)),
  );

  app.delete(
    '/v1/history',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '清空阅读记录（可按 kind）',
        querystring: clearHistoryQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await clearHistory(deps, currentUser(request).id, request.query.kind)),
  );

  app.get(
    '/v1/reading/settings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: '阅读设置：自动购买（每日上限与今日已花）与阅读偏好',
        response: { 200: envelopeOf(readingSettingsSchema) },
      },
    },
    async (request) => ok(await getSettings(deps, currentUser(request).id)),
  );

  app.put(
    '/v1/reading/settings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          '修改阅读设置（JSON）：autoUnlock { enabled, dailyCap }、reader { fontSize, lineHeight, theme, mode }',
        body: readingSettingsBody,
        response: { 200: envelopeOf(readingSettingsSchema) },
      },
    },
    async (request) => ok(await putSettings(deps, currentUser(request).id, request.body)),
  );
};
