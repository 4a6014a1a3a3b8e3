import type {
  Unit,
  UnitListQuery,
  UnitPage,
  Work,
  WorkCategory,
  WorkDetail,
  WorkKind,
  WorkListQuery,
} from '@ld/contract/content';
import type { CursorPage } from '@ld/contract/envelope';
import { toPage } from '@ld/contract/envelope';
import type { Deps } from '../../platform/deps.ts';
import { pagedOffset } from '../../platform/paging.ts';
import { unlockedUnits } from './access-service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { UnitRow, WorkRow } from './repository.ts';
import * as repo from './repository.ts';
import { toProgress, toWork, unitOrNotFound, workOrNotFound } from './rows.ts';

// The catalogue: categories, work lists, a work's detail and its unit menu (DESIGN §13).

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
