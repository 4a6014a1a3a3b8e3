import type { Progress, WorkKind } from '@ld/contract/content';

// Runtime constants of the content contract, kept here so the pages do not pull zod in with
// `@ld/contract/content` (kinds.test.ts checks they still match the contract).

/** Kind tabs of 阅读记录 and 我的订阅: 全部 (null) and each kind. */
export const KIND_TABS: { key: WorkKind | 'all'; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'novel', label: '小说' },
  { key: 'comic', label: '漫画' },
  { key: 'video', label: '视频' },
];

/** Where a work of `kind` opens at unit `unitId` . */
export function unitHref(kind: WorkKind, workId: number, unitId: number): string | null {
  // A video is a single unit: its player opens at the saved second.
  if (kind === 'video') return `/video/${workId}`;
  if (kind === 'novel') return `/readbook/${workId}/${unitId}`;
  if (kind === 'comic') return `/comic/${workId}/${unitId}`;
  return null;
}

/** Where a work of `kind` shows its details. */
export function workHref(kind: WorkKind, workId: number): string | null {
  if (kind === 'video') return `/video/${workId}`;
  if (kind === 'novel') return `/bookinfo/${workId}`;
  if (kind === 'comic') return `/comic/${workId}`;
  return null;
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
