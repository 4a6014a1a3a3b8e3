import type { ComicPosition, NovelPosition, Progress, VideoPosition, WorkKind } from '@ld/contract/content';
import { guestProgress } from '../lib/guest-progress';

interface PositionOf {
  novel: NovelPosition;
  comic: ComicPosition;
  video: VideoPosition;
}
const FIELD: Record<WorkKind, string> = { novel: 'paragraph', comic: 'panel', video: 'second' };

/** The detail query as far as the place to open at depends on it. */
export interface DetailState {
  isError: boolean;
  isFetching: boolean;
  data?: { progress: Progress | null } | undefined;
}

/**
 * Where a reader opens unit `unitId` of work `workId`: the saved position when it is in this unit
 * (the account's, from the detail, read fresh; a guest's from this browser), null for the start,
 * undefined while the detail is still being read.
 */
export function savedPosition<K extends WorkKind>(
  kind: K,
  uid: string,
  workId: number,
  unitId: number,
  detail: DetailState,
): PositionOf[K] | null | undefined {
  if (uid === '') {
    const saved = guestProgress.get(kind, workId);
    return saved && saved.unitId === unitId && FIELD[kind] in saved.position
      ? (saved.position as PositionOf[K])
      : null;
  }
  if (detail.isError) return null;
  if (!detail.data || detail.isFetching) return undefined;
  const saved = detail.data.progress;
  return saved && saved.unitId === unitId && FIELD[kind] in saved.position
    ? (saved.position as PositionOf[K])
    : null;
}
