import type { WorkKind, WorkView } from '@ld/contract/content';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { DAY_MS, shanghaiDayStart } from './kinds.ts';
import * as repo from './repository.ts';
import { workOrNotFound } from './rows.ts';

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
