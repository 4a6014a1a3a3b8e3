import { CURRENCY_NAME } from '../../../shared/lib/brand';

/** 连载 (0) or 完结 (1). */
export const statusText = (status: number): string => (status === 1 ? '完结' : '连载');

/** What an episode costs the caller, as its badge says: 免费, VIP, or its price. */
export function priceBadge(unit: { price: number; vip: boolean; unlocked: boolean }): string | null {
  if (unit.price === 0 && !unit.vip) return '免费';
  if (unit.unlocked) return '已解锁';
  if (unit.vip) return 'VIP';
  return `${unit.price} ${CURRENCY_NAME}`;
}
