import type {
  AdminGiftPack,
  AdminGiftPackListQuery,
  CreateGiftPackBody,
  ImportCodesAnswer,
  ImportCodesBody,
  UpdateGiftPackBody,
} from '@ld/contract/admin/gift-packs';
import type { AdminPage } from '@ld/contract/admin/list';
import type { GiftPackStatus } from '@ld/contract/gifts';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound, ruleError } from '../../platform/errors.ts';
import { gameCardsOf } from '../games/public.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './admin-repository.ts';
import { codesOf } from './code-import.ts';

// 礼包 in the console (docs/decisions/0058-games-and-videos-console.md): packs with a claim window
// and a code pool. The portal reads packs at each request (no cache), so a save shows at once.

type PackRow = NonNullable<Awaited<ReturnType<typeof repo.findPack>>>;

function statusOf(row: PackRow, now: number): GiftPackStatus {
  if (now < Number(row.start_at)) return 'upcoming';
  if (now >= Number(row.end_at)) return 'ended';
  return Number(row.remaining) > 0 ? 'open' : 'soldOut';
}

async function toAdminPacks(db: Conn, rows: PackRow[], now: number): Promise<AdminGiftPack[]> {
  const games = await gameCardsOf(
    db,
    rows.map((r) => Number(r.game_id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    gameId: Number(r.game_id),
    gameName: games.get(Number(r.game_id))?.name ?? '',
    title: r.title,
    content: r.content,
    startTime: toIso(Number(r.start_at)),
    endTime: toIso(Number(r.end_at)),
    total: Number(r.total),
    remaining: Number(r.remaining),
    status: statusOf(r, now),
    createTime: toIso(Number(r.created_at)),
  }));
}

async function packOf(db: Conn, id: number, now: number): Promise<AdminGiftPack> {
  const row = await repo.findPack(db, id);
  if (!row) throw notFound('礼包');
  return (await toAdminPacks(db, [row], now))[0];
}

const SORT_COLUMNS = { id: 'id', startTime: 'start_at', endTime: 'end_at', title: 'title' } as const;

export async function listAdminPacks(
  deps: Deps,
  q: AdminGiftPackListQuery,
): Promise<AdminPage<AdminGiftPack>> {
  const db = deps.db.kysely;
  const { rows, total } = await repo.listPacks(
    db,
    { gameId: q.gameId, title: q.title },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return {
    records: await toAdminPacks(db, rows, deps.clock.now()),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

export const getAdminPack = (deps: Deps, id: number) => packOf(deps.db.kysely, id, deps.clock.now());

export async function createPack(
  deps: Deps,
  actor: AuditActor,
  body: CreateGiftPackBody,
): Promise<AdminGiftPack> {
  const now = deps.clock.now();
  return audited(deps, actor, async (trx) => {
    if (!(await gameCardsOf(trx, [body.gameId])).has(body.gameId))
      throw badInput('gameId', '游戏不存在，请重新选择');
    const id = await repo.insertPack(trx, {
      game_id: body.gameId,
      title: body.title,
      content: body.content,
      start_at: Date.parse(body.startTime),
      end_at: Date.parse(body.endTime),
      created_at: now,
    });
    const after = await packOf(trx, id, now);
    return {
      result: after,
      audit: { action: 'gift-pack.create', targetType: 'gift-pack', targetId: id, before: null, after },
    };
  });
}

export async function updatePack(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateGiftPackBody,
): Promise<AdminGiftPack> {
  const now = deps.clock.now();
  return audited(deps, actor, async (trx) => {
    const before = await packOf(trx, id, now);
    const start = Date.parse(body.startTime ?? before.startTime);
    const end = Date.parse(body.endTime ?? before.endTime);
    if (end <= start) throw badInput('endTime', '结束时间须晚于开始时间');
    await repo.updatePack(trx, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      start_at: start,
      end_at: end,
    });
    const after = await packOf(trx, id, now);
    return {
      result: after,
      audit: { action: 'gift-pack.update', targetType: 'gift-pack', targetId: id, before, after },
    };
  });
}

/** Deletes a pack nobody has claimed from; once a user holds one of its codes, end it instead. */
export async function deletePack(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  const now = deps.clock.now();
  await consoleRecord.remove(
    deps,
    actor,
    { type: 'gift-pack', id },
    {
      read: (trx) => packOf(trx, id, now),
      remove: (trx, before) => {
        if (before.total > before.remaining) {
          throw ruleError('已有用户领取了这个礼包的兑换码，不能删除；可把结束时间改为现在，让它提前结束');
        }
        return repo.deletePack(trx, id);
      },
    },
  );
}

const SAMPLES = 20;

/**
 * Adds codes to a pack's pool. A code twice in the text, or already in the pool, is refused and
 * counted; a broken text (a bad CSV, a malformed code) is refused whole with its line, and adds nothing.
 */
export async function importCodes(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: ImportCodesBody,
): Promise<ImportCodesAnswer> {
  const codes = codesOf(body);
  const now = deps.clock.now();
  try {
    return await audited(deps, actor, async (trx) => {
      const before = await packOf(trx, id, now);
      const seen = new Set<string>();
      const samples: string[] = [];
      let duplicatesInFile = 0;
      for (const code of codes) {
        if (seen.has(code)) {
          duplicatesInFile++;
          if (samples.length < SAMPLES) samples.push(code);
        } else seen.add(code);
      }
      const pooled = await repo.existingCodes(trx, id, [...seen]);
      const fresh = [...seen].filter((code) => !pooled.has(code));
      for (const code of pooled) if (samples.length < SAMPLES) samples.push(code);
      await repo.insertFreeCodes(trx, id, fresh);
      const after = await packOf(trx, id, now);
      const answer: ImportCodesAnswer = {
        added: fresh.length,
        duplicatesInFile,
        duplicatesInPool: pooled.size,
        duplicateSamples: samples,
        total: after.total,
        remaining: after.remaining,
      };
      return {
        result: answer,
        audit: {
          action: 'gift-pack.import-codes',
          targetType: 'gift-pack',
          targetId: id,
          before: { total: before.total, remaining: before.remaining },
          after: { ...answer, format: body.format },
        },
      };
    });
  } catch (error) {
    // Another import into the same pack added one of these codes meanwhile.
    if (isUniqueViolation(error)) throw ruleError('同一礼包正在导入其他兑换码，请稍后重试');
    throw error;
  }
}
