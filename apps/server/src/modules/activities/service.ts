import {
  ACTIVITY_STATUS_TEXT,
  type ActivityClaim,
  type ActivityDetail,
  type ActivityStatus,
  type ActivitySummary,
  type ActivityTask,
  type TaskKind,
  taskNote,
} from '@ld/contract/activities';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound, ruleError } from '../../platform/errors.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import { countCheckinDays } from '../checkin/public.ts';
import { countUnitsRead } from '../content/public.ts';
import { countPostsByUser } from '../square/public.ts';
import { applyBalanceChange, countLedgerRows, lockWallet } from '../wallet/public.ts';
import * as repo from './repository.ts';

// The activity centre (DESIGN §14, docs/decisions/0040-check-in-and-activities.md): a task's
// progress is counted from what the user really did inside the activity's window, each from the
// module that owns it; a reward is claimed once through the ledger.

type Window = { start_at: number; end_at: number };

const statusAt = (a: Window, now: number): ActivityStatus =>
  now < Number(a.start_at) ? 'upcoming' : now >= Number(a.end_at) ? 'ended' : 'ongoing';

/**
 * Ongoing first (ending soonest), then upcoming (starting soonest), then ended (latest first);
 * inside a group the console's 排序 (smaller first) comes before the time.
 */
const STATUS_ORDER: Record<ActivityStatus, number> = { ongoing: 0, upcoming: 1, ended: 2 };

function toSummary(
  row: Awaited<ReturnType<typeof repo.listActivities>>[number],
  rewardTotal: number,
  now: number,
): ActivitySummary {
  const status = statusAt(row, now);
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    banner: row.banner,
    startTime: toIso(Number(row.start_at)),
    endTime: toIso(Number(row.end_at)),
    status,
    statusText: ACTIVITY_STATUS_TEXT[status],
    rewardTotal,
  };
}

export async function listActivities(deps: Deps, status?: ActivityStatus): Promise<ActivitySummary[]> {
  const now = deps.clock.now();
  const rows = await repo.listActivities(deps.db.kysely, status, now);
  const tasks = await repo.tasksOf(
    deps.db.kysely,
    rows.map((r) => Number(r.id)),
  );
  const totals = new Map<number, number>();
  for (const t of tasks)
    totals.set(Number(t.activity_id), (totals.get(Number(t.activity_id)) ?? 0) + Number(t.reward));
  const key = (r: (typeof rows)[number]) => {
    const s = statusAt(r, now);
    return [
      STATUS_ORDER[s],
      Number(r.sort),
      s === 'ongoing' ? Number(r.end_at) : s === 'upcoming' ? Number(r.start_at) : -Number(r.end_at),
    ];
  };
  return rows
    .sort((a, b) => {
      const [sa, oa, ta] = key(a);
      const [sb, ob, tb] = key(b);
      return sa - sb || oa - ob || ta - tb || Number(b.id) - Number(a.id);
    })
    .map((r) => toSummary(r, totals.get(Number(r.id)) ?? 0, now));
}

/** What a task of this kind counts for the user in [from, to). */
function countOf(deps: Deps, kind: TaskKind, userId: number, from: number, to: number): Promise<number> {
  const db = deps.db.kysely;
  switch (kind) {
    case 'checkin':
      return countCheckinDays(deps, userId, from, to);
    case 'read':
      return countUnitsRead(deps, userId, ['novel', 'comic'], from, to);
    case 'post':
      return countPostsByUser(db, userId, from, to);
    case 'recharge':
      return countLedgerRows(db, userId, 'recharge', from, to);
    case 'invite':
      // Written by the invites module, one row per paid invite.
      return countLedgerRows(db, userId, 'invite', from, to);
  }
}

async function progressOf(deps: Deps, userId: number | null, activity: Window, kinds: TaskKind[]) {
  const counts = new Map<TaskKind, number>();
  if (userId === null) return counts;
  const from = Number(activity.start_at);
  const to = Math.min(Number(activity.end_at), deps.clock.now() + 1);
  const unique = [...new Set(kinds)];
  const values = await Promise.all(unique.map((k) => (to > from ? countOf(deps, k, userId, from, to) : 0)));
  for (const [i, k] of unique.entries()) counts.set(k, values[i]);
  return counts;
}

async function loadActivity(deps: Deps, id: number) {
  const activity = await repo.findActivity(deps.db.kysely, id);
  // A draft or a taken-down activity is not in 活动中心, nor claimable.
  if (!activity || Number(activity.published) !== 1) throw notFound('活动');
  return activity;
}

export async function activityDetail(deps: Deps, userId: number | null, id: number): Promise<ActivityDetail> {
  const activity = await loadActivity(deps, id);
  const now = deps.clock.now();
  const tasks = await repo.tasksOf(deps.db.kysely, [id]);
  const [counts, claimed] = await Promise.all([
    progressOf(
      deps,
      userId,
      activity,
      tasks.map((t) => t.kind),
    ),
    userId === null ? new Set<number>() : repo.claimedTaskIds(deps.db.kysely, userId, id),
  ]);
  const status = statusAt(activity, now);
  const rewardTotal = tasks.reduce((sum, t) => sum + Number(t.reward), 0);
  return {
    ...toSummary(activity, rewardTotal, now),
    rulesHtml: activity.rules_html,
    tasks: tasks.map((t): ActivityTask => {
      const target = Number(t.target);
      const progress = Math.min(counts.get(t.kind) ?? 0, target);
      const isClaimed = claimed.has(Number(t.id));
      return {
        id: Number(t.id),
        kind: t.kind,
        title: t.title,
        target,
        progress,
        reward: Number(t.reward),
        claimed: isClaimed,
        claimable: status === 'ongoing' && !isClaimed && progress >= target,
      };
    }),
  };
}

/**
 * 领取: once per user and task. The claim row's primary key and the ledger key
 * (activity, uid:activity:task) make parallel claims pay once.
 */
export async function claimTask(
  deps: Deps,
  userId: number,
  id: number,
  taskId: number,
): Promise<ActivityClaim> {
  const activity = await loadActivity(deps, id);
  const task = (await repo.tasksOf(deps.db.kysely, [id])).find((t) => Number(t.id) === taskId);
  if (!task) throw notFound('任务');
  const status = statusAt(activity, deps.clock.now());
  if (status === 'upcoming') throw ruleError('活动尚未开始');
  if (status === 'ended') throw ruleError('活动已结束');
  const target = Number(task.target);
  const done = (await progressOf(deps, userId, activity, [task.kind])).get(task.kind) ?? 0;
  if (done < target) throw ruleError(`任务未完成（${Math.min(done, target)}/${target}）`);
  const reward = Number(task.reward);
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      await lockWallet(trx, userId);
      if ((await repo.claimedTaskIds(trx, userId, id)).has(taskId)) throw ruleError('奖励已领取');
      const now = deps.clock.now();
      await repo.insertClaim(trx, {
        user_id: userId,
        task_id: taskId,
        activity_id: id,
        reward,
        created_at: now,
      });
      const paid = await applyBalanceChange(trx, {
        userId,
        delta: reward,
        reason: 'activity',
        ref: `${userId}:${id}:${taskId}`,
        note: taskNote(task.title),
        now,
      });
      if (!paid.ok || !paid.applied) throw ruleError('奖励已领取');
      return { reward, coinNum: paid.balance };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ruleError('奖励已领取');
    throw error;
  }
}

export interface NewActivity {
  title: string;
  summary: string;
  banner: string;
  /** Operator HTML; cleaned here, before it is stored. */
  rulesHtml: string;
  startAt: number;
  endAt: number;
  tasks: Array<{ kind: TaskKind; title: string; target: number; reward: number }>;
}

/** Stores an activity with its tasks, its rules cleaned against the server's allow-list. */
export function createActivity(db: Conn, activity: NewActivity, now: number): Promise<number> {
  return repo.insertActivity(
    db,
    {
      title: activity.title,
      summary: activity.summary,
      banner: activity.banner,
      rules_html: cleanServerHtml(activity.rulesHtml),
      start_at: activity.startAt,
      end_at: activity.endAt,
      created_at: now,
    },
    activity.tasks,
  );
}
