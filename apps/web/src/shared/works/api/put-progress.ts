import type { Position, Progress, WorkKind } from '@ld/contract/content';
import { http } from '../../http/client';

/** Where a reader is in a work: the unit (a video's own id) and the kind's position in it. */
export interface ProgressEntry {
  workId: number;
  unitId: number;
  position: Position;
  clientTime: number;
}

/**
 * PUT /v1/progress (JSON): the newer clientTime wins server-side (DESIGN §13). Quiet: a lost save
 * is not worth a toast (the next one follows). `keepalive` lets the save made on leaving the page
 * finish after the page is gone.
 */
export const putProgress = (kind: WorkKind, entry: ProgressEntry, keepalive = false) =>
  http.putJson<Progress>(
    '/v1/progress',
    { kind, ...entry, position: { ...entry.position } },
    { quiet: true, keepalive },
  );
