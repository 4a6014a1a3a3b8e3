import type { AdminPage } from '@ld/contract/admin/list';
import type {
  AdminUnit,
  AdminWork,
  AdminWorkListQuery,
  CreateWorkBody,
  DeleteUnitAnswer,
  PricingAnswer,
  PricingBody,
  UpdateUnitBody,
  UpdateWorkBody,
} from '@ld/contract/admin/works';
import type { WorkKind } from '@ld/contract/content';
import { ErrorCode } from '@ld/contract/envelope';
import type { Conn } from '../../db/database.ts';
import type { ChangeTopic } from '../../platform/changes.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badInput, notFound, ruleError } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import { countBuyers } from '../purchases/public.ts';
import * as admin from './admin-repository.ts';
import { PURCHASE_KIND_OF, WHAT } from './kinds.ts';
import type { UnitRow, WorkRow } from './repository.ts';
import * as repo from './repository.ts';

// The console's calls on works of any kind (docs/decisions/0059-novels-and-comics-console.md):
// list, read, create, edit, publish, cover and pricing. Each write is audited in its transaction
// and announces the kind's topic, so the home, the lists and every process's copies follow at
// the next request.

/** The change topic of each kind's works (platform/changes.ts). */
export const TOPIC_OF: Record<WorkKind, ChangeTopic> = { novel: 'novels', comic: 'comics', video: 'videos' };

export function toAdminWork(row: WorkRow): AdminWork {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    author: row.author,
    cover: row.cover,
    categoryId: Number(row.category_id),
    categoryName: row.category_name,
    tags: JSON.parse(row.tags) as string[],
    intro: row.intro,
    status: Number(row.status),
    published: Number(row.published) === 1,
    unitCount: Number(row.unit_count),
    wordCount: Number(row.word_count),
    createTime: toIso(Number(row.created_at)),
  };
}

/** The work as the console shows it, drafts included; 404 named by the kind. */
export async function adminWorkOf(db: Conn, kind: WorkKind, id: number): Promise<AdminWork> {
  const row = await admin.findAnyWork(db, kind, id);
  if (!row) throw notFound(WHAT[kind].work);
  return toAdminWork(row);
}

const SORT_COLUMNS = { id: 'id', createTime: 'created_at', title: 'title', unitCount: 'unit_count' } as const;

export async function listAdminWorks(
  deps: Deps,
  kind: WorkKind,
  q: AdminWorkListQuery,
): Promise<AdminPage<AdminWork>> {
  const { rows, total } = await admin.listAdminWorks(
    deps.db.kysely,
    kind,
    {
      title: q.title,
      categoryId: q.categoryId,
      published: consoleRecord.publishedFilter(q.published),
    },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminWork), total, q);
}

async function checkCategory(db: Conn, kind: WorkKind, id: number): Promise<void> {
  if (!(await admin.categoryOfKind(db, kind, id))) throw badInput('categoryId', '分类不存在');
}

/**
 * A new draft with `cover` (already stored): published later, once it has units. `cover` is
 * removed by the caller when this fails.
 */
export async function createWork(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  body: CreateWorkBody,
  cover: string,
): Promise<AdminWork> {
  const now = deps.clock.now();
  return audited(
    deps,
    actor,
    async (trx) => {
      await checkCategory(trx, kind, body.categoryId);
      const id = await repo.insertWork(trx, {
        kind,
        category_id: body.categoryId,
        title: body.title,
        author: body.author,
        cover,
        tags: JSON.stringify(body.tags),
        intro: body.intro,
        status: body.status,
        latest_unit_at: now,
        created_at: now,
        published: 0,
      });
      const after = await adminWorkOf(trx, kind, id);
      return {
        result: after,
        audit: { action: `${kind}.create`, targetType: kind, targetId: id, before: null, after },
      };
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

/** Edits any of the fields; `{ published: true|false }` alone is publishing or taking down. */
export async function updateWork(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  id: number,
  body: UpdateWorkBody,
): Promise<AdminWork> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: kind, id },
    body,
    {
      read: (trx) => adminWorkOf(trx, kind, id),
      write: async (trx, before) => {
        if (body.categoryId !== undefined) await checkCategory(trx, kind, body.categoryId);
        if (body.published === true && before.unitCount === 0) {
          throw ruleError(`这部${WHAT[kind].work}还没有${WHAT[kind].unit}，不能发布`);
        }
        await admin.updateWork(trx, id, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.author !== undefined ? { author: body.author } : {}),
          ...(body.categoryId !== undefined ? { category_id: body.categoryId } : {}),
          ...(body.intro !== undefined ? { intro: body.intro } : {}),
          ...(body.tags !== undefined ? { tags: JSON.stringify(body.tags) } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...consoleRecord.publishedFlag('published', body.published),
        });
      },
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

/** Replaces the cover with `cover` (already stored); answers the work and the old cover's URL. */
export async function setWorkCover(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  id: number,
  cover: string,
): Promise<{ work: AdminWork; previous: string }> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const before = await adminWorkOf(trx, kind, id);
      await admin.updateWork(trx, id, { cover });
      const after = await adminWorkOf(trx, kind, id);
      return {
        result: { work: after, previous: before.cover },
        audit: { action: `${kind}.cover`, targetType: kind, targetId: id, before, after },
      };
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

/**
 * Prices units `from`–`to` (the whole work by default): the first `freeFirst` free, the rest
 * `price` each, members free when `vip`. The portal's rules apply as they are (0026): price 0 is
 * free for everyone, VIP means free for members and `price` for others; a unit someone bought
 * stays theirs (purchases are by unit), so repricing never charges twice.
 */
export async function priceUnits(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  id: number,
  body: PricingBody,
): Promise<PricingAnswer> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const work = await adminWorkOf(trx, kind, id);
      const last = await admin.lastUnitIdx(trx, id);
      if (last === 0) throw ruleError(`这部${WHAT[kind].work}还没有${WHAT[kind].unit}`);
      const from = body.from ?? 1;
      const to = Math.min(body.to ?? last, last);
      if (from > last) throw badInput('from', `from 不能大于最后的序号 ${last}`);
      const freeTo = Math.min(to, from + body.freeFirst - 1);
      const free = await admin.priceUnitRange(trx, id, from, freeTo, 0, 0);
      const priced =
        body.price === 0
          ? await admin.priceUnitRange(trx, id, freeTo + 1, to, 0, 0)
          : await admin.priceUnitRange(trx, id, freeTo + 1, to, body.price, body.vip ? 1 : 0);
      const answer = { priced: body.price === 0 ? 0 : priced, free: body.price === 0 ? free + priced : free };
      return {
        result: answer,
        audit: {
          action: `${kind}.price`,
          targetType: kind,
          targetId: id,
          before: { title: work.title, unitCount: work.unitCount },
          after: { from, to, freeFirst: body.freeFirst, price: body.price, vip: body.vip, ...answer },
        },
      };
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

export function toAdminUnit(row: UnitRow, size: number): AdminUnit {
  return {
    id: Number(row.id),
    index: Number(row.idx),
    title: row.title,
    price: Number(row.price),
    vip: Number(row.vip) === 1,
    size,
  };
}

/** A page of a work's units in reading order; `sizeOf` gives each one's size (characters, pages). */
export async function listAdminUnits(
  deps: Deps,
  kind: WorkKind,
  id: number,
  q: { currentPage: number; pageSize: number },
  sizeOf: (rows: UnitRow[]) => Promise<number[]>,
): Promise<AdminPage<AdminUnit>> {
  const db = deps.db.kysely;
  const work = await adminWorkOf(db, kind, id);
  const rows = await admin.listUnitsPage(db, id, q.pageSize, adminOffset(q));
  const sizes = await sizeOf(rows);
  return {
    records: rows.map((row, i) => toAdminUnit(row, sizes[i])),
    total: work.unitCount,
    current: q.currentPage,
    size: q.pageSize,
  };
}

/** A unit of a work of the kind (drafts included); 404 named by the kind. */
export async function adminUnitOf(
  db: Conn,
  kind: WorkKind,
  workId: number,
  unitId: number,
): Promise<UnitRow> {
  await adminWorkOf(db, kind, workId);
  const unit = await admin.findUnitOfWork(db, workId, unitId);
  if (!unit) throw notFound(WHAT[kind].unit);
  return unit;
}

// Units after saving (0059, "After saving"): rename, move, delete. A unit keeps its id through all
// of them, so purchases (by unit id), progress, comments and the read log stay with it; each write
// takes the work's lock, renumbers what moved, follows with readers' progress and the work's
// latest unit, is audited and announces the kind's topic.

const unitSummary = (row: UnitRow) => ({ id: Number(row.id), index: Number(row.idx), title: row.title });

/** Renames a unit and/or moves it to position `index`; the units between shift by one. */
export async function updateUnit(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  workId: number,
  unitId: number,
  body: UpdateUnitBody,
): Promise<UnitRow> {
  return audited(
    deps,
    actor,
    async (trx) => {
      await admin.lockWork(trx, workId);
      const before = await adminUnitOf(trx, kind, workId, unitId);
      const from = Number(before.idx);
      const last = await admin.lastUnitIdx(trx, workId);
      if (body.index !== undefined && body.index > last) {
        throw badInput('index', `index 不能大于最后的序号 ${last}`);
      }
      if (body.title !== undefined) await admin.renameUnit(trx, unitId, body.title);
      const to = body.index ?? from;
      if (to !== from) {
        // 0 is no unit's index: the moving unit waits there while the others shift.
        await admin.setUnitIdx(trx, unitId, 0);
        if (from < to) await admin.shiftUnits(trx, workId, from + 1, to, -1);
        else await admin.shiftUnits(trx, workId, to, from - 1, 1);
        await admin.setUnitIdx(trx, unitId, to);
        await admin.renumberProgress(trx, workId);
      }
      await repo.refreshWorkUnits(trx, workId);
      const after = await adminUnitOf(trx, kind, workId, unitId);
      const renamed = after.title !== before.title;
      const moved = to !== from;
      const verb = renamed && moved ? 'update' : moved ? 'move' : 'rename';
      return {
        result: after,
        audit: {
          action: `${kind}.unit.${verb}`,
          targetType: kind,
          targetId: workId,
          before: unitSummary(before),
          after: unitSummary(after),
        },
      };
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

/** Where a reader moved off a deleted unit starts in its neighbour. */
const START_OF: Record<WorkKind, string> = {
  novel: JSON.stringify({ paragraph: 0, offset: 0 }),
  comic: JSON.stringify({ panel: 0, offset: 0 }),
  video: JSON.stringify({ second: 0 }),
};

/**
 * Deletes a unit nobody bought (a bought one is refused with a 400 saying so: the buyers would
 * lose it); the units after it move up by one, readers in it move to its neighbour, and a
 * published work left with none is taken down (it could not be published so). `filesOf` names the
 * unit's stored files (a comic's pages), answered for removal once the transaction committed.
 */
export async function deleteUnit(
  deps: Deps,
  actor: AuditActor,
  kind: WorkKind,
  workId: number,
  unitId: number,
  filesOf: (trx: Conn, unitId: number) => Promise<string[]>,
): Promise<{ answer: DeleteUnitAnswer; files: string[] }> {
  return audited(
    deps,
    actor,
    async (trx) => {
      await admin.lockWork(trx, workId);
      const work = await adminWorkOf(trx, kind, workId);
      const unit = await adminUnitOf(trx, kind, workId, unitId);
      const what = WHAT[kind];
      const buyers = await countBuyers(trx, PURCHASE_KIND_OF[kind], String(unitId));
      if (buyers > 0) {
        throw new AppError(
          ErrorCode.badInput,
          `「${unit.title}」已有 ${buyers} 位用户购买，不能删除（删除会让他们失去已购买的${what.unit}）。可以改标题，或把整部${what.work}下线`,
          400,
        );
      }
      const files = await filesOf(trx, unitId);
      const idx = Number(unit.idx);
      const last = await admin.lastUnitIdx(trx, workId);
      const neighbour =
        (await admin.findUnitAt(trx, workId, idx - 1)) ?? (await admin.findUnitAt(trx, workId, idx + 1));
      if (neighbour) await admin.moveProgress(trx, unitId, Number(neighbour.id), START_OF[kind]);
      await admin.deleteUnit(trx, unitId);
      await admin.shiftUnits(trx, workId, idx + 1, last, -1);
      await admin.renumberProgress(trx, workId);
      await repo.refreshWorkUnits(trx, workId);
      let after = await adminWorkOf(trx, kind, workId);
      if (after.unitCount === 0 && after.published) {
        await admin.updateWork(trx, workId, { published: 0 });
        after = await adminWorkOf(trx, kind, workId);
      }
      const answer = { unitCount: after.unitCount, published: after.published };
      return {
        result: { answer, files },
        audit: {
          action: `${kind}.unit.delete`,
          targetType: kind,
          targetId: workId,
          before: {
            ...unitSummary(unit),
            price: Number(unit.price),
            vip: Number(unit.vip) === 1,
            unitCount: work.unitCount,
            published: work.published,
          },
          after: { ...answer, files: files.length },
        },
      };
    },
    { announce: [TOPIC_OF[kind]] },
  );
}

export { lastUnitIdx } from './admin-repository.ts';
