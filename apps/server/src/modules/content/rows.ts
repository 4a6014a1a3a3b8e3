import type { Position, Progress, Work, WorkKind } from '@ld/contract/content';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { WHAT } from './kinds.ts';
import type { ProgressRow, UnitRow, WorkRow } from './repository.ts';
import * as repo from './repository.ts';

// Rows to answers, and the lookups each service starts from (a 404 named by the kind).

export function toWork(row: WorkRow): Work {
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

export function toProgress(row: ProgressRow & { unit_title: string }, unitCount: number): Progress {
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

export async function workOrNotFound(db: Conn, kind: WorkKind, id: number): Promise<WorkRow> {
  const work = await repo.findWork(db, kind, id);
  if (!work) throw notFound(WHAT[kind].work);
  return work;
}

export async function unitOrNotFound(
  db: Conn,
  kind: WorkKind,
  workId: number,
  unitId: number,
): Promise<UnitRow> {
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
