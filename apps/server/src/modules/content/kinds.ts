import type { WorkKind } from '@ld/contract/content';
import type { PurchaseKind } from '@ld/contract/wallet';

// What every part of the content module says alike about the kinds of work and the day.

/** What buying a unit of each kind is called in the purchases and the ledger (0015). */
export const PURCHASE_KIND_OF: Record<WorkKind, PurchaseKind> = {
  novel: 'chapter',
  comic: 'episode',
  video: 'video',
};
export const UNIT_PURCHASE_KINDS = Object.values(PURCHASE_KIND_OF);
/** A kind's work and unit, as a 404 or a lock names them. */
export const WHAT: Record<WorkKind, { work: string; unit: string }> = {
  novel: { work: '小说', unit: '章节' },
  comic: { work: '漫画', unit: '话' },
  video: { work: '视频', unit: '视频' },
};

export const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** Midnight of today in Asia/Shanghai (no daylight saving), as epoch ms: the auto-unlock day. */
export const shanghaiDayStart = (now: number) =>
  Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
