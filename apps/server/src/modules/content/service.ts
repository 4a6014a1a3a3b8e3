import {
  type AdjacentUnit,
  CONTENT_LIMITS,
  DEFAULT_READER,
  type HistoryEntry,
  type Position,
  type Progress,
  type ProgressBody,
  type ReaderMode,
  type ReaderTheme,
  type ReadingSettings,
  type ReadingSettingsBody,
  type ShelfQuery,
  type Unit,
  type UnitListQuery,
  type UnitLocked,
  type UnitPage,
  type UnlockAnswer,
  type Work,
  type WorkCategory,
  type WorkDetail,
  type WorkKind,
  type WorkListQuery,
  type WorkView,
} from '@ld/contract/content';
import type { CursorPage } from '@ld/contract/envelope';
import { ErrorCode, toPage } from '@ld/contract/envelope';
import type { PurchaseKind } from '@ld/contract/wallet';
import type { Conn, Db } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { pagedOffset } from '../../platform/paging.ts';
import { buyOnce, ownedRefs, spentSince } from '../purchases/public.ts';
import { membershipOf } from '../vip/public.ts';
import { balanceOf, lockWallet } from '../wallet/public.ts';
import { decodeCursor, encodeCursor, type Keyset } from './cursor.ts';
import type { ProgressRow, UnitRow, WorkRow } from './repository.ts';
import * as repo from './repository.ts';

/** What buying a unit of each kind is called in the purchases and the ledger (0015). */
export const PURCHASE_KIND_OF: Record<WorkKind, PurchaseKind> = {
  novel: 'chapter',
  comic: 'episode',
  video: 'video',
};
const UNIT_PURCHASE_KINDS = Object.values(PURCHASE_KIND_OF);
const WHAT: Record<WorkKind, { work: string; unit: string }> = {
  novel: { work: '小说', unit: '章节' },
  comic: { work: '漫画', unit: '话' },
  video: { work: '视频', unit: '视频' },
};

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Midnight of today in Asia/Shanghai (no daylight saving), as epoch ms: the auto-unlock day. */
export const shanghaiDayStart = (now: number) =>
  Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;

const DEFAULT_DAILY_CAP = 100;

// Mapping.

function toWork(row: WorkRow): Work {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    author: row.author,
    cover: row.cover,
    category: { id: Number(row.category_id), name: row.category_name },
    tags: JSON.parse(row.tags) as string[],
    status: Number(row.status),
    unitCount: Number(row.unit_count),
    latestUnit:
      row.latest_unit_id === null
        ? null
        : {
            // A video's unit is named by the video's own id (DESIGN §13).
            id: row.kind === 'video' ? Number(row.id) : Number(row.latest_unit_id),
            index: Number(row.unit_count),
            title: row.latest_unit_title ?? '',
            updateTime: toIso(Number(row.latest_unit_at)),
          },
    viewCount: Number(row.view_count),
  };
}

function toProgress(row: ProgressRow & { unit_title: string }, unitCount: number): Progress {
  const idx = Number(row.unit_idx);
  return {
    kind: row.kind,
    workId: Number(row.work_id),
    // A video's unit is named by the video's own id (DESIGN §13).
    unitId: row.kind === 'video' ? Number(row.work_id) : Number(row.unit_id),
    unitIndex: idx,
    unitTitle: row.unit_title,
    position: JSON.parse(row.position) as Position,
    clientTime: Number(row.client_time),
    percent: unitCount > 0 ? Math.min(100, Math.floor((idx * 100) / unitCount)) : 0,
    readTime: toIso(Number(row.read_at)),
  };
}

async function workOrNotFound(db: Conn, kind: WorkKind, id: number): Promise<WorkRow> {
  const work = await repo.findWork(db, kind, id);
  if (!work) throw notFound(WHAT[kind].work);
  return work;
}

async function unitOrNotFound(db: Conn, kind: WorkKind, workId: number, unitId: number): Promise<UnitRow> {
  // A video is a work with a single unit whose id is the video's own id (DESIGN §13).
  const unit =
    kind === 'video'
      ? unitId === workId
        ? await repo.firstUnit(db, workId)
        : undefined
      : await repo.findUnit(db, workId, unitId);
  if (!unit) throw notFound(WHAT[kind].unit);
  return unit;
}

/** A work of the kind (comments on a comic hang on the work); 404 otherwise. */
export async function existingWork(deps: Deps, kind: WorkKind, workId: number): Promise<WorkRow> {
  return workOrNotFound(deps.db.kysely, kind, workId);
}

/** A unit of a work, whether or not the caller may open it (段评 hang on units); 404 otherwise. */
export async function existingUnit(
  deps: Deps,
  kind: WorkKind,
  workId: number,
  unitId: number,
): Promise<UnitRow> {
  const db = deps.db.kysely;
  await workOrNotFound(db, kind, workId);
  return unitOrNotFound(db, kind, workId, unitId);
}

// Access.

const isFree = (unit: UnitRow) => Number(unit.price) === 0;

/**
 * Which of `units` the caller may open now: free ones for everyone; for a user also the bought
 * ones, and VIP ones while a member (DESIGN §13).
 */
export async function unlockedUnits(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  units: UnitRow[],
): Promise<Set<number>> {
  const open = new Set(units.filter(isFree).map((u) => Number(u.id)));
  const priced = units.filter((u) => !isFree(u));
  if (userId === null || priced.length === 0) return open;
  const db = deps.db.kysely;
  const [owned, membership] = await Promise.all([
    ownedRefs(
      db,
      userId,
      PURCHASE_KIND_OF[kind],
      priced.map((u) => String(u.id)),
    ),
    priced.some((u) => Number(u.vip) === 1)
      ? membershipOf(db, userId, deps.clock.now())
      : Promise.resolve({ isMember: false }),
  ]);
  for (const u of priced) {
    if (owned.has(String(u.id)) || (membership.isMember && Number(u.vip) === 1)) open.add(Number(u.id));
  }
  return open;
}

// Works.

export async function listCategories(deps: Deps, kind: WorkKind): Promise<WorkCategory[]> {
  return (await repo.listCategories(deps.db.kysely, kind)).map((c) => ({ id: Number(c.id), name: c.name }));
}

export async function listWorks(deps: Deps, kind: WorkKind, query: WorkListQuery): Promise<CursorPage<Work>> {
  const db = deps.db.kysely;
  const filter = { categoryId: query.category, keyword: query.keyword, sort: query.sort };
  const list = `works:${query.sort}`;
  const [rows, total] = await Promise.all([
    repo.listWorks(db, kind, filter, {
      limit: query.pageSize + 1,
      offset: query.cursor ? 0 : pagedOffset(query),
      after: query.cursor ? decodeCursor(query.cursor, list) : null,
    }),
    repo.countWorks(db, kind, filter),
  ]);
  const kept = rows.slice(0, query.pageSize);
  const last = kept.at(-1);
  return {
    ...toPage(kept.map(toWork), total, query),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor(list, {
            value: Number(query.sort === 2 ? last.latest_unit_at : last.hot_score),
            id: Number(last.id),
          })
        : null,
  };
}

/**
 * A work's detail. It only reads: the server asks for it for a page's HTML (first data) and clients
 * refetch it, so a page counts its view with `recordView` instead
 * (docs/decisions/0046-video-views-apart.md).
 */
export async function getWork(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  workId: number,
): Promise<WorkDetail> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const [subscribed, progress] =
    userId === null
      ? [new Set<number>(), undefined]
      : await Promise.all([repo.subscribedIds(db, userId, [workId]), repo.findProgress(db, userId, workId)]);
  return {
    ...toWork(work),
    intro: work.intro,
    wordCount: kind === 'novel' ? Number(work.word_count) : null,
    subscribed: subscribed.has(workId),
    progress: progress ? toProgress(progress, Number(work.unit_count)) : null,
  };
}

// Views (docs/decisions/0046-video-views-apart.md): one call per work page, counted once per
// viewer and Asia/Shanghai day, for every kind alike.

/** Who a view belongs to: the user, else the guest's device, else the client address. */
export const viewerOf = (userId: number | null, deviceId: string | undefined, ip: string): string =>
  userId !== null ? `u:${userId}` : deviceId ? `d:${deviceId}` : `ip:${ip}`.slice(0, 80);

/**
 * A work page's view (its one call per page view): counted once per viewer and Asia/Shanghai day,
 * so a reload or a repeated call adds nothing. 404 for a work of the kind that is not there.
 */
export async function recordView(
  deps: Deps,
  kind: WorkKind,
  workId: number,
  viewer: string,
): Promise<WorkView> {
  const work = await workOrNotFound(deps.db.kysely, kind, workId);
  const counted = await countViewOnce(deps, workId, viewer);
  return { viewCount: Number(work.view_count) + (counted ? 1 : 0), counted };
}

const prunedBefore = new WeakMap<Db, number>();

/** Counts the view unless `viewer` was counted for the work today; answers whether it counted. */
async function countViewOnce(deps: Deps, workId: number, viewer: string): Promise<boolean> {
  const db = deps.db.kysely;
  const day = shanghaiDayStart(deps.clock.now());
  // Yesterday's rows never count again: the first view of a day (per process) forgets them.
  if (prunedBefore.get(deps.db) !== day) {
    prunedBefore.set(deps.db, day);
    await repo.pruneViews(db, day);
  }
  // Seen today already (by this process or another, through the shared cache): no write at all.
  // Work ids are unique across kinds, so the key needs no kind.
  const seenKey = `work-view:${day}:${workId}:${viewer}`;
  if ((await deps.cache.get(seenKey)) !== null) return false;
  const first = await repo.noteView(db, workId, viewer, day);
  if (first) await repo.countView(db, workId);
  await deps.cache.set(seenKey, '1', day + DAY_MS - deps.clock.now());
  return first;
}

// Units.

/** The first unit of each work (a video's single unit), by work id. */
export async function firstUnits(deps: Deps, workIds: number[]): Promise<Map<number, UnitRow>> {
  const rows = await repo.firstUnitsOf(deps.db.kysely, workIds);
  return new Map(rows.map((u) => [Number(u.work_id), u]));
}

export async function listUnits(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  workId: number,
  query: UnitListQuery,
): Promise<UnitPage> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const list = `units:${query.order}`;
  const afterIdx = query.cursor
    ? decodeCursor(query.cursor, list).value
    : query.from !== undefined
      ? query.from + (query.order === 'asc' ? -1 : 1)
      : null;
  const [rows, progress] = await Promise.all([
    repo.listUnits(db, workId, query.order, afterIdx, query.pageSize + 1),
    userId === null ? undefined : repo.findProgress(db, userId, workId),
  ]);
  const kept = rows.slice(0, query.pageSize);
  const open = await unlockedUnits(deps, kind, userId, kept);
  const readUpTo = progress ? Number(progress.unit_idx) : 0;
  const last = kept.at(-1);
  return {
    records: kept.map(
      (u): Unit => ({
        id: Number(u.id),
        index: Number(u.idx),
        title: u.title,
        price: Number(u.price),
        vip: Number(u.vip) === 1,
        unlocked: open.has(Number(u.id)),
        read: Number(u.idx) <= readUpTo,
      }),
    ),
    total: Number(work.unit_count),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor(list, { value: Number(last.idx), id: Number(last.id) })
        : null,
  };
}

const ledgerNote = (work: WorkRow, unit: UnitRow) => `${work.title}·${unit.title}`.slice(0, 128);

function locked(kind: WorkKind, unit: UnitRow, coinNum: number | null): AppError {
  const price = Number(unit.price);
  const vip = Number(unit.vip) === 1;
  const data: UnitLocked = { price, vip, coinNum };
  const what = WHAT[kind].unit;
  const message = vip
    ? `该${what}为会员${what}，开通会员免费看，或花 ${price} 钻石购买`
    : `该${what}需花 ${price} 钻石购买`;
  return new AppError(ErrorCode.unitLocked, message, 200, data);
}

/** Auto-unlock (DESIGN §13): buys `unit` when the user turned it on and today's spend stays within the cap. */
async function autoUnlock(
  deps: Deps,
  kind: WorkKind,
  userId: number,
  work: WorkRow,
  unit: UnitRow,
): Promise<number | null> {
  const db = deps.db.kysely;
  const settings = await repo.findSettings(db, userId);
  if (!settings || Number(settings.auto_unlock) !== 1) return null;
  const cap = Number(settings.daily_cap);
  const price = Number(unit.price);
  if (price > cap) return null;
  try {
    return await db.transaction().execute(async (trx) => {
      // The wallet lock serializes this user's purchases, so the spend read below cannot change
      // before commit and parallel opens never pass the cap together (0015).
      await lockWallet(trx, userId);
      const spent = await spentSince(trx, userId, UNIT_PURCHASE_KINDS, shanghaiDayStart(deps.clock.now()));
      if (spent + price > cap) return null;
      const bought = await buyOnce(
        deps,
        {
          userId,
          kind: PURCHASE_KIND_OF[kind],
          ref: String(unit.id),
          price,
          memberFree: Number(unit.vip) === 1,
          note: ledgerNote(work, unit),
        },
        trx,
      );
      return bought.charged;
    });
  } catch (error) {
    // Too little balance: the unit stays locked and the reader offers 购买本章 (which answers 1001).
    if (error instanceof AppError && error.code === ErrorCode.balanceInsufficient) return null;
    throw error;
  }
}

export interface OpenedUnit {
  work: WorkRow;
  unit: UnitRow;
  /** The units before and after it, with whether each is open to the caller (the reader names them and shows their price). */
  prev: AdjacentUnit | null;
  next: AdjacentUnit | null;
  /** Diamonds auto-unlock charged for this opening. */
  charged: number;
}

const adjacent = (row: UnitRow | undefined, open: Set<number>): AdjacentUnit | null =>
  row
    ? {
        id: Number(row.id),
        title: row.title,
        price: Number(row.price),
        vip: Number(row.vip) === 1,
        unlocked: open.has(Number(row.id)),
      }
    : null;

/**
 * Opens a unit for reading: 404 for an unknown work or unit; code 1005 `{ price, vip, coinNum }`
 * when it is locked for the caller (after auto-unlock had its chance). Each kind adds its body.
 */
export async function openUnit(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  workId: number,
  unitId: number,
): Promise<OpenedUnit> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const unit = await unitOrNotFound(db, kind, workId, unitId);
  const [prev, next] = await Promise.all([
    repo.neighbourUnit(db, workId, Number(unit.idx), 'prev'),
    repo.neighbourUnit(db, workId, Number(unit.idx), 'next'),
  ]);
  const neighbours = [prev, next].filter((u): u is UnitRow => u !== undefined);
  const open = await unlockedUnits(deps, kind, userId, [unit, ...neighbours]);
  let charged = 0;
  if (!open.has(Number(unit.id))) {
    const bought = userId === null ? null : await autoUnlock(deps, kind, userId, work, unit);
    if (bought === null) throw locked(kind, unit, userId === null ? null : await balanceOf(db, userId));
    charged = bought;
  }
  return { work, unit, prev: adjacent(prev, open), next: adjacent(next, open), charged };
}

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

/** 购买本章: charged once per user and unit; members read VIP units free; 1001 on too little balance. */
export async function unlockUnit(
  deps: Deps,
  kind: WorkKind,
  userId: number,
  workId: number,
  unitId: number,
): Promise<UnlockAnswer> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const unit = await unitOrNotFound(db, kind, workId, unitId);
  const bought = await buyOnce(deps, {
    userId,
    kind: PURCHASE_KIND_OF[kind],
    ref: String(unit.id),
    price: Number(unit.price),
    memberFree: Number(unit.vip) === 1,
    note: ledgerNote(work, unit),
  });
  return { charged: bought.charged, coinNum: bought.coinNum };
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

// Reading settings.

export async function getSettings(deps: Deps, userId: number): Promise<ReadingSettings> {
  const db = deps.db.kysely;
  const [row, todaySpent] = await Promise.all([
    repo.findSettings(db, userId),
    spentSince(db, userId, UNIT_PURCHASE_KINDS, shanghaiDayStart(deps.clock.now())),
  ]);
  return {
    autoUnlock: {
      enabled: row ? Number(row.auto_unlock) === 1 : false,
      dailyCap: row ? Number(row.daily_cap) : DEFAULT_DAILY_CAP,
      todaySpent,
    },
    reader: row
      ? {
          fontSize: Number(row.font_size),
          lineHeight: Number(row.line_height) / 10,
          theme: row.theme as ReaderTheme,
          mode: row.mode as ReaderMode,
        }
      : DEFAULT_READER,
  };
}

/** Changes the parts sent; the rest stays as it was. */
export async function putSettings(
  deps: Deps,
  userId: number,
  body: ReadingSettingsBody,
): Promise<ReadingSettings> {
  const current = await getSettings(deps, userId);
  const autoUnlock = body.autoUnlock ?? current.autoUnlock;
  const reader = { ...current.reader, ...body.reader };
  await repo.saveSettings(deps.db.kysely, {
    user_id: userId,
    auto_unlock: autoUnlock.enabled ? 1 : 0,
    daily_cap: autoUnlock.dailyCap,
    font_size: reader.fontSize,
    line_height: Math.round(reader.lineHeight * 10),
    theme: reader.theme,
    mode: reader.mode,
    updated_at: deps.clock.now(),
  });
  return getSettings(deps, userId);
}
