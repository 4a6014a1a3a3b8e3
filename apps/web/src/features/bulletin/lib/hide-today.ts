import { startOfShanghaiDay } from '@ld/contract/relative-time';
import { local } from '../../../shared/lib/local';

/** The per-user key of spec §3: `{uid}:not-show` (a guest's uid is empty). */
export const hideKey = (uid: string): string => `${uid}:not-show`;

/**
 * "今日不再提示" hides the bulletin until the next day (DESIGN §6): it stays hidden while the
 * stored timestamp falls within today; a missing, invalid or older value shows it again.
 */
export function isHiddenToday(stored: string | null, now: number): boolean {
  if (!stored || !/^\d{10,16}$/.test(stored)) return false;
  const at = Number(stored);
  const today = startOfShanghaiDay(now);
  return at >= today && at < today + 86_400_000;
}

export const shouldFetchBulletin = (uid: string, now = Date.now()): boolean =>
  !isHiddenToday(local.get(hideKey(uid)), now);
export const hideBulletinToday = (uid: string, now = Date.now()): void =>
  local.set(hideKey(uid), String(now));
