import { ErrorCode } from '@ld/contract/codes';
import type { Episode } from '@ld/contract/comics';
import type { UnitLocked } from '@ld/contract/content';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, http, QUIET_NOT_FOUND } from '../../../shared/http/client';
import { comicKeys } from './keys';

/** An episode as the reader shows it: its panels, or the lock (code 1005) with price and balance. */
export type EpisodeResult = { state: 'open'; episode: Episode } | { state: 'locked'; locked: UnitLocked };

/**
 * GET /api/v1/comic/{id}/episode/{eid}; a locked episode (1005) is an answer, not a failure. A
 * missing one (taken down, a stale link) is the reader's own empty state, not a toast.
 */
export async function getEpisode(workId: number, eid: number): Promise<EpisodeResult> {
  try {
    const episode = await http.get<Episode>(`/v1/comic/${workId}/episode/${eid}`, undefined, {
      quiet: [ErrorCode.unitLocked, ...QUIET_NOT_FOUND],
    });
    return { state: 'open', episode };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.unitLocked) {
      return { state: 'locked', locked: error.data as UnitLocked };
    }
    throw error;
  }
}

export const episodeQuery = (uid: string, workId: number, eid: number) =>
  queryOptions({
    queryKey: comicKeys.episode(uid, workId, eid),
    queryFn: () => getEpisode(workId, eid),
    // Panels do not change while one reads; an appended episode stays usable.
    staleTime: 10 * 60_000,
  });
