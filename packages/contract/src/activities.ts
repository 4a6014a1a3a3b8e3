import { z } from 'zod';
import { optionalText } from './validation.ts';

/** Activity centre (DESIGN §14, decision 0040). */
export const ACTIVITY_STATUSES = ['ongoing', 'upcoming', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_TEXT: Record<ActivityStatus, string> = {
  ongoing: '进行中',
  upcoming: '即将开始',
  ended: '已结束',
};

/** What a task counts, inside the activity's time window, from what really happened. */
export const TASK_KINDS = ['checkin', 'read', 'post', 'recharge', 'invite'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
/** Unit of a task's target, e.g. 阅读3章. */
export const TASK_KIND_TEXT: Record<TaskKind, string> = {
  checkin: '签到',
  read: '阅读',
  post: '发布动态',
  recharge: '充值',
  invite: '邀请好友',
};

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${name} 须为正整数`);

/** GET /api/v1/activity/list?status= (blank: all, ongoing first, then upcoming, then ended). */
export const activityListQuery = z.object({
  status: optionalText(z.enum(ACTIVITY_STATUSES, { error: 'status 须为 ongoing、upcoming 或 ended' })),
});
export const activityParams = z.object({ id: positiveId('id') });
export const activityTaskParams = z.object({ id: positiveId('id'), tid: positiveId('tid') });

export const activitySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** One line under the title. */
  summary: z.string(),
  /** Banner image URL (16:9). */
  banner: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  statusText: z.string(),
  /** Sum of the tasks' rewards, in diamonds. */
  rewardTotal: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;
export const activityListSchema = z.array(activitySummarySchema);

export const activityTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  /** e.g. 阅读3章. */
  title: z.string(),
  target: z.number().int(),
  /** Counted by the server inside the window, capped at target; 0 for guests. */
  progress: z.number().int(),
  /** Diamonds. */
  reward: z.number().int(),
  claimed: z.boolean(),
  /** progress >= target and not claimed and the activity is ongoing. */
  claimable: z.boolean(),
});
export type ActivityTask = z.infer<typeof activityTaskSchema>;

export const activityDetailSchema = activitySummarySchema.extend({
  /** Rules as HTML sanitised on the server (platform/server-html.ts). */
  rulesHtml: z.string(),
  tasks: z.array(activityTaskSchema),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** POST /api/v1/activity/{id}/task/{tid}/claim. */
export const activityClaimSchema = z.object({
  reward: z.number().int(),
  /** Balance after. */
  coinNum: z.number().int(),
});
export type ActivityClaim = z.infer<typeof activityClaimSchema>;

/** The ledger note of a claimed task; the statement shows it as it is (任务：阅读3章). */
export const taskNote = (title: string): string => `任务：${title}`;
