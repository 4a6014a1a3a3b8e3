import { CURRENCY_NAME } from '../../../shared/lib/brand';

/** A book's length as readers expect it: 8,600 → 8600字, 123,456 → 12.3万字, 1.2亿字 past that. */
export function wordCountText(words: number): string {
  if (words < 10_000) return `${words}字`;
  if (words < 100_000_000) return `${trim(words / 10_000)}万字`;
  return `${trim(words / 100_000_000)}亿字`;
}
const trim = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

/** 连载 / 完结 (status 0 / 1). */
export const statusText = (status: number): string => (status === 1 ? '完结' : '连载');

/** A chapter's price badge: 免费, VIP (free for members) or N 蓝钻. */
export function priceText(unit: { price: number; vip: boolean }): string {
  if (unit.price === 0) return '免费';
  if (unit.vip) return 'VIP';
  return `${unit.price} ${CURRENCY_NAME}`;
}
