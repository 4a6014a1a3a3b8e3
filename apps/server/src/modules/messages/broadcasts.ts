import { setTimeout as sleep } from 'node:timers/promises';
import type { Broadcast, BroadcastListQuery, CreateBroadcastBody } from '@ld/contract/admin/broadcasts';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { audienceIdsAfter, countAudience, maxUserId, userExists } from '../accounts/public.ts';
import { type AuditActor, adminOffset, audited, operatorNamesOf } from '../operators/public.ts';
import * as repo from './broadcasts-repository.ts';
import type { MessageBroadcastsTable } from './tables.ts';

// System messages from operators (issue 20 §4, docs/decisions/0061-…). A send to one user is
// delivered in the request; a send to a channel or everyone is recorded (audited) and delivered
// by the periodic job `messages.broadcasts` (one process at a time, under its lease) in batches:
// each batch inserts its users' messages and moves the send's progress in one transaction, the
// UNIQUE (broadcast_id, user_id) makes a repeated batch insert nothing, and the progress only
// moves from where the batch read it, so two runners can never count a batch twice.

/** Users per batch, and the pause between batches that leaves the database to the portal. */
export const BATCH_SIZE = 500;
const BATCH_PAUSE_MS = 25;
/** A run stops after this long; the next tick goes on where it stopped. */
const RUN_BUDGET_MS = 20_000;

type Row = Selectable<MessageBroadcastsTable>;

function toBroadcast(row: Row, names: Map<number, string>): Broadcast {
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    audience: row.audience,
    userId: row.user_id === null ? null : Number(row.user_id),
    channelId: row.channel_id,
    status: row.status,
    total: row.total,
    sent: row.sent,
    operatorName: row.operator_id === null ? null : (names.get(Number(row.operator_id)) ?? null),
    createTime: toIso(Number(row.created_at)),
    finishTime: toIsoOrNull(row.finished_at === null ? null : Number(row.finished_at)),
  };
}

async function toBroadcasts(db: Conn, rows: Row[]): Promise<Broadcast[]> {
  const names = await operatorNamesOf(
    db,
    rows.flatMap((r) => (r.operator_id === null ? [] : [Number(r.operator_id)])),
  );
  return rows.map((r) => toBroadcast(r, names));
}

async function broadcastOf(db: Conn, id: number): Promise<Broadcast> {
  const row = await repo.findBroadcast(db, id);
  if (!row) throw notFound('消息发送记录');
  return (await toBroadcasts(db, [row]))[0]!;
}

export async function listBroadcasts(deps: Deps, q: BroadcastListQuery): Promise<AdminPage<Broadcast>> {
  const db = deps.db.kysely;
  const { rows, total } = await repo.listBroadcasts(
    db,
    { audience: q.audience, status: q.status },
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return { records: await toBroadcasts(db, rows), total, current: q.currentPage, size: q.pageSize };
}

export const getBroadcast = (deps: Deps, id: number) => broadcastOf(deps.db.kysely, id);

/**
 * Records a send (audited). To one user it is delivered at once, in the same transaction; to a
 * channel or everyone it reaches the users who exist now, through the job.
 */
export async function createBroadcast(
  deps: Deps,
  actor: AuditActor,
  body: CreateBroadcastBody,
): Promise<Broadcast> {
  const now = deps.clock.now();
  return audited(deps, actor, async (trx) => {
    let upToId: number;
    let total: number;
    if (body.audience === 'user') {
      const userId = body.userId!;
      if (!(await userExists(trx, userId))) throw badInput('userId', '没有这个用户');
      upToId = userId;
      total = 1;
    } else {
      upToId = await maxUserId(trx);
      total = await countAudience(trx, { channelId: body.channelId, upToId });
    }
    const id = await repo.insertBroadcast(trx, {
      title: body.title,
      content: body.content,
      audience: body.audience,
      user_id: body.audience === 'user' ? body.userId! : null,
      channel_id: body.audience === 'channel' ? body.channelId! : null,
      status: total === 0 ? 'done' : 'queued',
      total,
      max_user_id: upToId,
      operator_id: actor.operatorId,
      created_at: now,
      finished_at: total === 0 ? now : null,
    });
    if (body.audience === 'user') {
      await repo.insertBroadcastMessages(
        trx,
        { id, title: body.title, content: body.content },
        [upToId],
        now,
      );
      await repo.advanceBroadcast(trx, id, 0, { toUserId: upToId, sent: 1, done: true, now });
    }
    const after = await broadcastOf(trx, id);
    return {
      result: after,
      audit: { action: 'message.send', targetType: 'broadcast', targetId: id, before: null, after },
    };
  });
}

class LostRace extends Error {}

/**
 * Delivers the next batch of one send; answers false when the send is finished. The batch and the
 * progress commit together; a runner that finds the progress moved under it rolls back and goes on.
 */
export async function deliverBatch(deps: Pick<Deps, 'db' | 'clock'>, id: number): Promise<boolean> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const row = await repo.findBroadcast(trx, id);
      if (!row || row.status === 'done') return false;
      const from = Number(row.last_user_id);
      const audience = { channelId: row.channel_id ?? undefined, upToId: Number(row.max_user_id) };
      const ids = await audienceIdsAfter(trx, audience, from, BATCH_SIZE);
      const now = deps.clock.now();
      await repo.insertBroadcastMessages(trx, { id, title: row.title, content: row.content }, ids, now);
      const done = ids.length < BATCH_SIZE;
      const to = ids.length > 0 ? ids[ids.length - 1]! : from;
      if (!(await repo.advanceBroadcast(trx, id, from, { toUserId: to, sent: ids.length, done, now })))
        throw new LostRace();
      return !done;
    });
  } catch (error) {
    if (error instanceof LostRace) return true;
    throw error;
  }
}

/** The job: every unfinished send, batch after batch, with a pause between, within a time budget. */
export async function runBroadcasts(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const started = Date.now();
  let batches = 0;
  for (const send of await repo.listUnfinished(deps.db.kysely, 20)) {
    while (await deliverBatch(deps, Number(send.id))) {
      batches++;
      if (Date.now() - started > RUN_BUDGET_MS) return batches;
      await sleep(BATCH_PAUSE_MS);
    }
    batches++;
  }
  return batches;
}
