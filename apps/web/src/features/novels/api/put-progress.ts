import type { NovelPosition, Progress } from '@ld/contract/content';
import { http } from '../../../shared/http/client';

export interface NovelProgressInput {
  workId: number;
  unitId: number;
  position: NovelPosition;
  clientTime: number;
}

/**
 * PUT /v1/progress (JSON): the newer clientTime wins server-side. `keepalive` lets the save made on
 * leaving the page (pagehide) finish after the page is gone. Quiet: a lost save is not worth a toast.
 */
export const putProgress = (input: NovelProgressInput, keepalive = false) =>
  http.putJson<Progress>(
    '/v1/progress',
    { kind: 'novel', ...input, position: { ...input.position } },
    { quiet: true, keepalive },
  );
