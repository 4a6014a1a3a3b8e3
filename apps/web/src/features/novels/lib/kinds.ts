import type { Progress } from '@ld/contract/content';
import { WORK_KIND_TEXT, WORK_KINDS, type WorkKind } from '@ld/contract/content-values';

/** Kind tabs of 阅读记录 and 我的订阅: 全部 and each kind. */
export const KIND_TABS: { key: WorkKind | 'all'; label: string }[] = [
  { key: 'all', label: '全部' },
  ...WORK_KINDS.map((kind) => ({ key: kind, label: WORK_KIND_TEXT[kind] })),
];

/** Where a work of `kind` opens at unit `unitId` . */
export function unitHref(kind: WorkKind, workId: number, unitId: number): string | null {
  // A video is a single unit: its player opens at the saved second.
  if (kind === 'video') return `/video/${workId}`;
  if (kind === 'novel') return `/readbook/${workId}/${unitId}`;
  if (kind === 'comic') return `/comic/${workId}/${unitId}`;
  return null;
}

/**
 * Where a work of `kind` shows its details: the contract's `itemPath` for it (kinds.test.ts). Not
 * imported from `home-values`: the bundler would then pull that module, and with it this
 * feature's chunk, into the home page's first load (+18 KB).
 */
export function workHref(kind: WorkKind, workId: number): string {
  if (kind === 'video') return `/video/${workId}`;
  if (kind === 'novel') return `/bookinfo/${workId}`;
  return `/comic/${workId}`;
}

/** Where the caller is in a work: a video's second (看到 1:05), else the unit and percent. */
export function progressText(
  progress: Pick<Progress, 'kind' | 'position' | 'unitTitle' | 'percent'>,
): string {
  if (progress.kind === 'video' && 'second' in progress.position) {
    const s = Math.floor(progress.position.second);
    return `看到 ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }
  return `读到 ${progress.unitTitle} · ${progress.percent}%`;
}
