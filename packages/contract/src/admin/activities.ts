import { z } from 'zod';
import { ACTIVITY_STATUSES, TASK_KINDS } from '../activities.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 活动中心 in the console (decision 0048, "Adding an admin resource"; 0060 "Activities and tasks").

/** A task of an activity as operators see it. */
export const adminActivityTaskSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  target: z.number().int(),
  /** Diamonds. */
  reward: z.number().int(),
  sort: z.number().int(),
  /** Shown and claimable in 活动中心; claims already made stay. */
  enabled: z.boolean(),
  /** Users who claimed it; once above 0 its reward is fixed. */
  claims: z.number().int(),
});
export type AdminActivityTask = z.infer<typeof adminActivityTaskSchema>;

/** An activity as operators see it; `status` follows its window at the time of the request. */
export const adminActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  banner: z.string(),
  /** As saved (HTML); the portal serves it cleaned. */
  rulesHtml: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  /** Shown in 活动中心 (发布) or not (a draft, or 下线). */
  published: z.boolean(),
  /** Order inside a status group in 活动中心: smaller first. */
  sort: z.number().int(),
  /** Sum of the enabled tasks' rewards, in diamonds (what the portal shows). */
  rewardTotal: z.number().int(),
  tasks: z.array(adminActivityTaskSchema),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;
export const adminActivityPageSchema = adminPageOf(adminActivitySchema);

export const adminActivityListQuery = adminListQuery(['sort', 'start_at', 'end_at', 'id'], 'id').extend({
  title: blankAsAbsent(z.string().trim().max(64, 'title 最多 64 个字符')),
  status: blankAsAbsent(z.enum(ACTIVITY_STATUSES, { error: 'status 只能是 ongoing、upcoming 或 ended' })),
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminActivityListQuery = z.infer<typeof adminActivityListQuery>;

export const ACTIVITY_LIMITS = {
  titleMax: 64,
  summaryMax: 255,
  rulesMax: 20_000,
  targetMax: 10_000,
  rewardMax: 100_000,
} as const;

/**
 * A banner uploaded in the console (/uploads/activities/…, POST /activities/banner) or a picture
 * the web app ships: a site path, nothing from elsewhere.
 */
export const ACTIVITY_BANNER = /^\/(?!\/)[A-Za-z0-9._/-]+$/;
/** Banners are drawn 16:9 at the phone's width; an upload is re-encoded to WebP no wider than this. */
export const ACTIVITY_BANNER_MAX_SIDE = 1280;
/** What POST /activities/banner answers: the stored picture's URL, for the activity's `banner`. */
export const activityBannerImageSchema = z.object({ url: z.string() });

const title = z
  .string({ error: '请填写活动标题' })
  .trim()
  .min(1, '请填写活动标题')
  .max(ACTIVITY_LIMITS.titleMax, `活动标题最多 ${ACTIVITY_LIMITS.titleMax} 字`);
const summary = z
  .string({ error: '请填写一句话简介' })
  .trim()
  .max(ACTIVITY_LIMITS.summaryMax, `简介最多 ${ACTIVITY_LIMITS.summaryMax} 字`);
const banner = z
  .string({ error: '请上传横幅图片' })
  .trim()
  .min(1, '请上传横幅图片')
  .regex(ACTIVITY_BANNER, '请上传横幅图片（只接受本站上传的图片）');
const rulesHtml = z
  .string({ error: '请填写活动规则' })
  .trim()
  .max(ACTIVITY_LIMITS.rulesMax, `活动规则最多 ${ACTIVITY_LIMITS.rulesMax} 字`);
const time = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name}须为 ISO 8601 时间，如 2026-11-25T08:00:00+08:00` });

const order = z
  .number({ error: 'sort 须为整数（排序，小的在前）' })
  .int('sort 须为整数（排序，小的在前）')
  .min(0, 'sort 不能小于 0')
  .max(9999, 'sort 不能大于 9999');
const published = z.boolean({ error: 'published 须为 true 或 false' });

/** The window is [start, end): the end after the start. Made fresh for each refine (zod 4 takes the object over). */
const endAfterStart = () => ({
  message: '结束时间须晚于开始时间',
  path: ['endTime'],
});

export const createActivityBody = z
  .object({
    title,
    summary: summary.default(''),
    banner,
    rulesHtml: rulesHtml.default(''),
    startTime: time('开始时间'),
    endTime: time('结束时间'),
    sort: order.default(0),
    published: published.default(false),
  })
  .refine((b) => Date.parse(b.endTime) > Date.parse(b.startTime), endAfterStart());
export type CreateActivityBody = z.infer<typeof createActivityBody>;

export const updateActivityBody = z
  .object({
    title: title.optional(),
    summary: summary.optional(),
    banner: banner.optional(),
    rulesHtml: rulesHtml.optional(),
    startTime: time('开始时间').optional(),
    endTime: time('结束时间').optional(),
    sort: order.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] })
  .refine(
    (b) =>
      b.startTime === undefined || b.endTime === undefined || Date.parse(b.endTime) > Date.parse(b.startTime),
    endAfterStart(),
  );
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

const kind = z.enum(TASK_KINDS, { error: 'kind 只能是 checkin、read、post、recharge 或 invite' });
const taskTitle = z
  .string({ error: '请填写任务名称' })
  .trim()
  .min(1, '请填写任务名称')
  .max(ACTIVITY_LIMITS.titleMax, `任务名称最多 ${ACTIVITY_LIMITS.titleMax} 字`);
const target = z
  .number({ error: '目标次数须为正整数' })
  .int('目标次数须为正整数')
  .min(1, '目标次数至少为 1')
  .max(ACTIVITY_LIMITS.targetMax, `目标次数不能大于 ${ACTIVITY_LIMITS.targetMax}`);
const reward = z
  .number({ error: '奖励钻石须为整数' })
  .int('奖励钻石须为整数')
  .min(0, '奖励钻石不能为负数')
  .max(ACTIVITY_LIMITS.rewardMax, `奖励钻石不能大于 ${ACTIVITY_LIMITS.rewardMax}`);
const enabled = z.boolean({ error: 'enabled 须为 true 或 false' });

export const createTaskBody = z.object({
  kind,
  title: taskTitle,
  target,
  reward,
  sort: order.default(0),
  enabled: enabled.default(true),
});
export type CreateTaskBody = z.infer<typeof createTaskBody>;

export const updateTaskBody = z
  .object({
    kind: kind.optional(),
    title: taskTitle.optional(),
    target: target.optional(),
    reward: reward.optional(),
    sort: order.optional(),
    enabled: enabled.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] });
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

const positiveInt = (field: string) =>
  z.coerce
    .number({ error: `${field} 须为正整数` })
    .int(`${field} 须为正整数`)
    .positive(`${field} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${field} 须为正整数`);
export const activityTaskIdParams = z.object({ id: positiveInt('id'), tid: positiveInt('tid') });
