import type { VipBadge } from '@ld/contract/vip';

export const DAY_MS = 86_400_000;

/** A new plan extends from the later of now and the current expiry (DESIGN §6). */
export function stackedExpiry(now: number, expTime: string | null, days: number): number {
  const current = expTime ? Date.parse(expTime) : Number.NaN;
  const base = Number.isFinite(current) ? Math.max(now, current) : now;
  return base + days * DAY_MS;
}

/** The small label on each plan's badge (spec §1: badges-month, badges-normal, badges-year). */
export const BADGE_TEXT: Record<VipBadge, string> = { month: '月', normal: '季', year: '年' };

export function badgeText(badge: VipBadge): string {
  return BADGE_TEXT[badge] ?? '会员';
}

/** A per-tap id for vipopen, so a double tap pays once. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
