import type { AdminEpisode } from '@ld/contract/admin/comics';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { UPLOADS_PREFIX } from '../../platform/storage.ts';
import { adminUnitOf, adminWorkOf, insertUnits, lastUnitIdx, refreshWorkUnits } from '../content/public.ts';
import { type AuditActor, audited } from '../operators/public.ts';
import * as repo from './repository.ts';

// Episodes from page images in the console (docs/decisions/0059-novels-and-comics-console.md).
// Pages are stored (re-encoded) before the transaction; the caller removes them if it fails.

/** A page already re-encoded and stored. */
export interface StoredPage {
  key: string;
  width: number;
  height: number;
}

async function episodeOf(db: Conn, workId: number, unitId: number): Promise<AdminEpisode> {
  const unit = await adminUnitOf(db, 'comic', workId, unitId);
  const panels = await repo.listPanels(db, unitId);
  return {
    id: Number(unit.id),
    index: Number(unit.idx),
    title: unit.title,
    pages: panels.map((p) => ({
      index: Number(p.idx),
      url: `${UPLOADS_PREFIX}${p.image_key}`,
      width: Number(p.width),
      height: Number(p.height),
    })),
  };
}

export const getEpisode = (deps: Deps, workId: number, unitId: number) =>
  episodeOf(deps.db.kysely, workId, unitId);

/** A new last episode of `pages` in the order given; free until priced. */
export async function addEpisode(
  deps: Deps,
  actor: AuditActor,
  workId: number,
  title: string,
  pages: StoredPage[],
): Promise<AdminEpisode> {
  const now = deps.clock.now();
  return audited(
    deps,
    actor,
    async (trx) => {
      await adminWorkOf(trx, 'comic', workId);
      const idx = (await lastUnitIdx(trx, workId)) + 1;
      const [unitId] = await insertUnits(trx, [
        {
          work_id: workId,
          idx,
          title: title || `第${idx}话`,
          price: 0,
          vip: 0,
          word_count: 0,
          created_at: now,
        },
      ]);
      await repo.insertPanels(
        trx,
        pages.map((p, i) => ({
          unit_id: unitId,
          idx: i + 1,
          image_key: p.key,
          width: p.width,
          height: p.height,
        })),
      );
      await refreshWorkUnits(trx, workId);
      const after = await episodeOf(trx, workId, unitId);
      return {
        result: after,
        audit: {
          action: 'comic.episode',
          targetType: 'comic',
          targetId: workId,
          before: null,
          after: { id: after.id, index: after.index, title: after.title, pages: after.pages.length },
        },
      };
    },
    { announce: ['comics'] },
  );
}

/** Puts an episode's pages in `order` (their current indexes, each once). */
export async function reorderPages(
  deps: Deps,
  actor: AuditActor,
  workId: number,
  unitId: number,
  order: number[],
): Promise<AdminEpisode> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const before = await episodeOf(trx, workId, unitId);
      const n = before.pages.length;
      if (order.length !== n || new Set(order).size !== n || order.some((i) => i > n)) {
        throw badInput('order', `须包含第 1–${n} 页，每页一次`);
      }
      const rows = await repo.listPanels(trx, unitId);
      await repo.replacePanels(
        trx,
        unitId,
        order.map((old, i) => {
          const row = rows[old - 1];
          return {
            unit_id: unitId,
            idx: i + 1,
            image_key: row.image_key,
            width: row.width,
            height: row.height,
            // A demo panel not drawn yet is still drawn on first read.
            seed: row.seed,
          };
        }),
      );
      const after = await episodeOf(trx, workId, unitId);
      const keys = (e: AdminEpisode) => e.pages.map((p) => p.url);
      return {
        result: after,
        audit: {
          action: 'comic.reorder',
          targetType: 'comic',
          targetId: workId,
          before: { episode: unitId, pages: keys(before) },
          after: { episode: unitId, pages: keys(after) },
        },
      };
    },
    { announce: ['comics'] },
  );
}

/** Page counts of episodes, in order. */
export async function pageCounts(deps: Deps, unitIds: number[]): Promise<number[]> {
  const counts = await repo.countPanels(deps.db.kysely, unitIds);
  return unitIds.map((id) => counts.get(id) ?? 0);
}

/** The storage keys of an episode's pages (removed when the episode is deleted). */
export async function pageKeys(db: Conn, unitId: number): Promise<string[]> {
  return (await repo.listPanels(db, unitId)).map((p) => p.image_key);
}
