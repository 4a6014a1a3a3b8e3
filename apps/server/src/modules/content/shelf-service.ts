import {
  CONTENT_LIMITS,
  type HistoryEntry,
  type Progress,
  type ProgressBody,
  type ShelfQuery,
  type WorkKind,
} from '@ld/contract/content';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { unlockedUnits } from './access-service.ts';
import { decodeCursor, encodeCursor, type Keyset } from './cursor.ts';
import { shanghaiDayStart } from './kinds.ts';
import type { WorkRow } from './repository.ts';
import * as repo from './repository.ts';
import { toProgress, toWork, unitOrNotFound, workOrNotFound } from './rows.ts';

// The reader's shelf: subscriptions, progress and the history it makes, and the read log.

/** Distinct units of these kinds the user read in [from, to): chapters read, for activity tasks. */
export function countUnitsRead(
  deps: Pick<Deps, 'db'>,
  userId: number,
  kinds: readonly WorkKind[],
  from: number,
  to: number,
): Promise<number> {
  return repo.countUnitsRead(deps.db.kysely, userId, kinds, from, to);
}

// Subscriptions.

export async function subscribe(deps: Deps, kind: WorkKind, userId: number, workId: number): Promise<null> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  await repo.subscribe(db, {
    user_id: userId,
    work_id: workId,
    kind,
    seen_units: Number(work.unit_count),
    created_at: deps.clock.now(),
  });
  return null;
}

export async function unsubscribe(deps: Deps, kind: WorkKind, userId: number, workId: number): Promise<null> {
  const db = deps.db.kysely;
  await workOrNotFound(db, kind, workId);
  await repo.unsubscribe(db, userId, workId);
  return null;
}

type StoredProgress = Awaited<ReturnType<typeof repo.progressOf>>[number];

/**
 * One page of a shelf list (subscriptions, history): rows in (value, work id) order from `fetch`,
 * then their works and the caller's progress in two batched reads, and the next cursor.
 */
async function shelfPage<Row extends { work_id: number }, Entry>(
  deps: Deps,
  userId: number,
  query: ShelfQuery,
  list: string,
  fetch: (after: Keyset | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  entryOf: (row: Row, work: WorkRow | undefined, read: StoredProgress | undefined) => Entry | null,
): Promise<{ records: Entry[]; nextCursor: string | null }> {
  const rows = await fetch(query.cursor ? decodeCursor(query.cursor, list) : null, query.pageSize + 1);
  const kept = rows.slice(0, query.pageSize);
  const workIds = kept.map((r) => Number(r.work_id));
  const db = deps.db.kysely;
  const [works, progress] = await Promise.all([
    repo.findWorks(db, workIds),
    repo.progressOf(db, userId, workIds),
  ]);
  const workById = new Map(works.map((w) => [Number(w.id), w]));
  const readById = new Map(progress.map((p) => [Number(p.work_id), p]));
  const last = kept.at(-1);
  return {
    records: kept.flatMap((r) => {
      const entry = entryOf(r, workById.get(Number(r.work_id)), readById.get(Number(r.work_id)));
      return entry === null ? [] : [entry];
    }),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor(list, { value: keyOf(last), id: Number(last.work_id) })
        : null,
  };
}

export function listSubscriptions(deps: Deps, userId: number, query: ShelfQuery) {
  return shelfPage(
    deps,
    userId,
    query,
    `subs:${query.kind ?? ''}`,
    (after, limit) => repo.listSubscriptions(deps.db.kysely, userId, query.kind, after, limit),
    (r) => Number(r.created_at),
    (r, work, read) => {
      if (!work) return null;
      const seen = read ? Number(read.seen_units) : Number(r.seen_units);
      return {
        ...toWork(work),
        newUnits: Math.max(0, Number(work.unit_count) - seen),
        progress: read ? toProgress(read, Number(work.unit_count)) : null,
        subscribeTime: toIso(Number(r.created_at)),
      };
    },
  );
}

// Progress and history.

/**
 * Stores where the user is (DESIGN §13). The newer client time wins: a write carrying an older
 * (or equal) one changes nothing and answers what is stored.
 */
export async function saveProgress(deps: Deps, userId: number, body: ProgressBody): Promise<Progress> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  if (body.clientTime > now + CONTENT_LIMITS.clientTimeAheadMs) {
    throw badInput('clientTime', '不能比服务器时间晚 24 小时以上，请校准设备时间');
  }
  const work = await workOrNotFound(db, body.kind, body.workId);
  const unit = await unitOrNotFound(db, body.kind, body.workId, body.unitId);
  await repo.saveProgress(db, {
    user_id: userId,
    work_id: body.workId,
    kind: body.kind,
    unit_id: body.unitId,
    unit_idx: Number(unit.idx),
    position: JSON.stringify(body.position),
    client_time: body.clientTime,
    read_at: now,
    seen_units: Number(work.unit_count),
    in_history: 1,
  });
  // The read log counts a unit once its reader saved a position in it and it is open to the user:
  // a prefetched next chapter or an offline download is fetched, not read.
  if ((await unlockedUnits(deps, body.kind, userId, [unit])).has(Number(unit.id))) {
    await repo.logUnitRead(db, {
      user_id: userId,
      unit_id: Number(unit.id),
      day_start: shanghaiDayStart(now),
      kind: body.kind,
      read_at: now,
    });
  }
  const stored = await repo.findProgress(db, userId, body.workId);
  if (!stored) throw new Error('progress vanished after its write');
  return toProgress(stored, Number(work.unit_count));
}

export function listHistory(
  deps: Deps,
  userId: number,
  query: ShelfQuery,
): Promise<{ records: HistoryEntry[]; nextCursor: string | null }> {
  return shelfPage(
    deps,
    userId,
    query,
    `history:${query.kind ?? ''}`,
    (after, limit) => repo.listHistory(deps.db.kysely, userId, query.kind, after, limit),
    (r) => Number(r.read_at),
    (_r, work, read) =>
      work && read ? { ...toWork(work), progress: toProgress(read, Number(work.unit_count)) } : null,
  );
}

/**
 * Removes one work from the history. The position stays, so 继续阅读 from the bookshelf still
 * lands where the reader was; reading again brings the entry back.
 */
export async function removeHistory(deps: Deps, userId: number, kind: WorkKind, workId: number) {
  await workOrNotFound(deps.db.kysely, kind, workId);
  await repo.hideHistory(deps.db.kysely, userId, { kind, workId });
  return null;
}

export async function clearHistory(deps: Deps, userId: number, kind: WorkKind | undefined) {
  await repo.hideHistory(deps.db.kysely, userId, { kind });
  return null;
}
