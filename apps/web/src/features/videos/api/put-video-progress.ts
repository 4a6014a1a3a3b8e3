import type { Progress } from '@ld/contract/content';
import { http } from '../../../shared/http/client';

/**
 * PUT /v1/progress (JSON) for a video: `{ second }` in its single unit (its own id). Quiet: a lost
 * save is not worth a toast (the next one follows within seconds). `keepalive` lets the save made on
 * leaving the page finish after the page is gone.
 */
export const putVideoProgress = (workId: number, second: number, clientTime: number, keepalive = false) =>
  http.putJson<Progress>(
    '/v1/progress',
    { kind: 'video', workId, unitId: workId, position: { second }, clientTime },
    { quiet: true, keepalive },
  );
