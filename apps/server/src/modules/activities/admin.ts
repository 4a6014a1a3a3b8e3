import type {
  AdminActivity,
  AdminActivityListQuery,
  AdminActivityTask,
  CreateActivityBody,
  CreateTaskBody,
  UpdateActivityBody,
  UpdateTaskBody,
} from '@ld/contract/admin/activities';
import { ACTIVITY_BANNER_MAX_SIDE } from '@ld/contract/admin/activities';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import { keyOfUrl } from '../../platform/storage.ts';
import { assertUploadStored } from '../../platform/upload.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as adminRepo from './admin-repository.ts';
import * as repo from './repository.ts';
import { createActivity as storeActivity } from './service.ts';

// 活动中心 in the console (decision 0060, "Activities and tasks"). The portal reads activities at
// each request (no cache), so a save shows at the next one in every process; `activities` is
// announced for any process that keeps them later. A task's reward is fixed once a user claimed it;
// an activity or task nobody claimed anything of can be deleted, otherwise it is taken down (下线).
// The banner is uploaded like a home banner (re-encoded to WebP); a replaced or deleted activity's
// uploaded banner is removed from storage once no activity shows it.

const announce = { announce: ['activities' as const] };

const statusAt = (row: repo.ActivityRow, now: number) =>
  now < Number(row.start_at) ? 'upcoming' : now >= Number(row.end_at) ? 'ended' : 'ongoing';

const toTask = (t: repo.TaskRow, claims: Map<number, number>): AdminActivityTask => ({
  id: Number(t.id),
  activityId: Number(t.activity_id),
  kind: t.kind,
  title: t.title,
  target: Number(t.target),
  reward: Number(t.reward),
  sort: Number(t.sort),
  enabled: Number(t.enabled) === 1,
  claims: claims.get(Number(t.id)) ?? 0,
});

async function activitiesOf(db: Conn, rows: repo.ActivityRow[], now: number): Promise<AdminActivity[]> {
  const ids = rows.map((r) => Number(r.id));
  const [tasks, claims] = await Promise.all([repo.tasksOf(db, ids, 'all'), adminRepo.claimCounts(db, ids)]);
  return rows.map((row) => {
    const own = tasks.filter((t) => Number(t.activity_id) === Number(row.id)).map((t) => toTask(t, claims));
    return {
      id: Number(row.id),
      title: row.title,
      summary: row.summary,
      banner: row.banner,
      rulesHtml: row.rules_html,
      startTime: toIso(Number(row.start_at)),
      endTime: toIso(Number(row.end_at)),
      status: statusAt(row, now),
      published: Number(row.published) === 1,
      sort: Number(row.sort),
      rewardTotal: own.reduce((sum, t) => sum + (t.enabled ? t.reward : 0), 0),
      tasks: own,
    };
  });
}

async function activityOf(db: Conn, id: number, now: number): Promise<AdminActivity> {
  const row = await repo.findActivity(db, id);
  if (!row) throw notFound('活动');
  const [activity] = await activitiesOf(db, [row], now);
  return activity;
}

export async function listActivityEntries(
  deps: Deps,
  q: AdminActivityListQuery,
): Promise<AdminPage<AdminActivity>> {
  const now = deps.clock.now();
  const { rows, total } = await adminRepo.listAllActivities(
    deps.db.kysely,
    {
      title: q.title,
      status: q.status,
      published: consoleRecord.publishedFilter(q.published),
    },
    now,
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(await activitiesOf(deps.db.kysely, rows, now), total, q);
}

export const getActivity = (deps: Deps, id: number) => activityOf(deps.db.kysely, id, deps.clock.now());

/**
 * An uploaded banner: checked by content and re-encoded to WebP like every portal image (the same
 * helper as the home's banners), stored; answers its URL for the activity's form.
 */
export async function saveActivityBanner(deps: Deps, bytes: Buffer): Promise<{ url: string }> {
  const webp = await reencodeImage(bytes, 'file', ACTIVITY_BANNER_MAX_SIDE);
  return { url: await deps.storage.save('activities', 'webp', webp) };
}

/** After a commit: an uploaded activity banner no activity shows any more is deleted from storage. */
async function dropBannerIfUnused(deps: Deps, banner: string | null): Promise<void> {
  const key = banner ? keyOfUrl(banner) : null;
  if (!banner || !key?.startsWith('activities/')) return;
  if (await adminRepo.bannerInUse(deps.db.kysely, banner)) return;
  await deps.storage.remove(key).catch(() => undefined);
}

export async function createActivity(
  deps: Deps,
  actor: AuditActor,
  body: CreateActivityBody,
): Promise<AdminActivity> {
  await assertUploadStored(deps.storage, body.banner, 'banner');
  return audited(
    deps,
    actor,
    async (trx) => {
      const now = deps.clock.now();
      const id = await storeActivity(
        trx,
        {
          title: body.title,
          summary: body.summary,
          banner: body.banner,
          rulesHtml: body.rulesHtml,
          startAt: Date.parse(body.startTime),
          endAt: Date.parse(body.endTime),
          tasks: [],
        },
        now,
      );
      await adminRepo.updateActivity(trx, id, { sort: body.sort, published: body.published ? 1 : 0 });
      const after = await activityOf(trx, id, now);
      return {
        result: after,
        audit: { action: 'activity.create', targetType: 'activity', targetId: id, before: null, after },
      };
    },
    announce,
  );
}

export async function updateActivity(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateActivityBody,
): Promise<AdminActivity> {
  if (body.banner !== undefined) await assertUploadStored(deps.storage, body.banner, 'banner');
  let replaced: string | null = null;
  const now = deps.clock.now();
  const saved = await consoleRecord.edit(
    deps,
    actor,
    { type: 'activity', id },
    body,
    {
      read: (trx) => activityOf(trx, id, now),
      write: async (trx, before) => {
        if (body.banner !== undefined && body.banner !== before.banner) replaced = before.banner;
        const startAt = Date.parse(body.startTime ?? before.startTime);
        const endAt = Date.parse(body.endTime ?? before.endTime);
        if (endAt <= startAt) throw badInput('endTime', '结束时间须晚于开始时间');
        await adminRepo.updateActivity(trx, id, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.summary !== undefined ? { summary: body.summary } : {}),
          ...(body.banner !== undefined ? { banner: body.banner } : {}),
          ...(body.rulesHtml !== undefined ? { rules_html: cleanServerHtml(body.rulesHtml) } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('published', body.published),
          start_at: startAt,
          end_at: endAt,
        });
      },
    },
    announce,
  );
  await dropBannerIfUnused(deps, replaced);
  return saved;
}

/** Deletes an activity and its tasks; one a user claimed anything of is refused: take it down instead. */
export async function deleteActivity(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  const before = await audited(
    deps,
    actor,
    async (trx) => {
      const before = await activityOf(trx, id, deps.clock.now());
      const users = await adminRepo.participantCount(trx, id);
      if (users > 0)
        throw badInput('id', `该活动已有 ${users} 位用户参与（领取过奖励），不能删除；请改为下线`);
      await adminRepo.deleteActivity(trx, id);
      return {
        result: before,
        audit: { action: 'activity.delete', targetType: 'activity', targetId: id, before, after: null },
      };
    },
    announce,
  );
  await dropBannerIfUnused(deps, before.banner);
}

export async function createTask(
  deps: Deps,
  actor: AuditActor,
  activityId: number,
  body: CreateTaskBody,
): Promise<AdminActivity> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const now = deps.clock.now();
      const before = await activityOf(trx, activityId, now);
      const { enabled, ...fields } = body;
      const taskId = await adminRepo.insertTask(trx, {
        activity_id: activityId,
        ...fields,
        enabled: enabled ? 1 : 0,
      });
      const after = await activityOf(trx, activityId, now);
      const task = after.tasks.find((t) => t.id === taskId);
      return {
        result: after,
        audit: {
          action: 'activity.task.create',
          targetType: 'activity',
          targetId: activityId,
          before: { tasks: before.tasks },
          after: { task },
        },
      };
    },
    announce,
  );
}

export async function updateTask(
  deps: Deps,
  actor: AuditActor,
  activityId: number,
  taskId: number,
  body: UpdateTaskBody,
): Promise<AdminActivity> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const now = deps.clock.now();
      const activity = await activityOf(trx, activityId, now);
      if (!(await adminRepo.findTask(trx, activityId, taskId))) throw notFound('任务');
      const before = activity.tasks.find((t) => t.id === taskId);
      if (before && body.reward !== undefined && body.reward !== before.reward && before.claims > 0)
        throw badInput('reward', `已有 ${before.claims} 位用户领取，奖励钻石不能再改`);
      const { enabled, ...changes } = body;
      await adminRepo.updateTask(trx, taskId, {
        ...changes,
        ...(enabled !== undefined ? { enabled: enabled ? 1 : 0 } : {}),
      });
      const after = await activityOf(trx, activityId, now);
      const switching = Object.keys(body).every((k) => k === 'enabled') && enabled !== before?.enabled;
      return {
        result: after,
        audit: {
          action: switching
            ? enabled
              ? 'activity.task.enable'
              : 'activity.task.disable'
            : 'activity.task.update',
          targetType: 'activity',
          targetId: activityId,
          before: { task: before },
          after: { task: after.tasks.find((t) => t.id === taskId) },
        },
      };
    },
    announce,
  );
}

/** Deletes a task nobody claimed; one with claims is refused: switch it off (下线) instead. */
export async function deleteTask(
  deps: Deps,
  actor: AuditActor,
  activityId: number,
  taskId: number,
): Promise<AdminActivity> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const now = deps.clock.now();
      const activity = await activityOf(trx, activityId, now);
      const before = activity.tasks.find((t) => t.id === taskId);
      if (!before) throw notFound('任务');
      const users = await adminRepo.participantCount(trx, activityId, taskId);
      if (users > 0)
        throw badInput('tid', `该任务已有 ${users} 位用户参与（领取过奖励），不能删除；请改为停用（下线）`);
      await adminRepo.deleteTask(trx, taskId);
      const after = await activityOf(trx, activityId, now);
      return {
        result: after,
        audit: {
          action: 'activity.task.delete',
          targetType: 'activity',
          targetId: activityId,
          before: { task: before },
          after: null,
        },
      };
    },
    announce,
  );
}
